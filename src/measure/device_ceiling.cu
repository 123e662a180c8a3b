// The device's reference beside its in-place ceiling: a device-to-device copy of the run's bytes, timed as the rows
// are (device_timing.cuh) after the GPU is woken.
#include "measure/ceilings.hpp"
#include "measure/cuda_check.cuh"
#include "measure/cuda_handles.cuh"
#include "measure/device_measure.cuh"

#include <thrust/equal.h>

#include <cstddef>

namespace policybench {

measurement measure_device_copy(const run_config& cfg) {
  return visit_element_type(cfg.type, [&]<class T>() {
    const std::size_t n = cfg.size, bytes = n * sizeof(T);
    const cuda_stream stream = make_stream();
    const device_array<T> source = allocate_device<T>(n), destination = allocate_device<T>(n);
    wake_gpu(source.get(), bytes, stream.get(), cfg.device_warmup_s);
    if (n > 0) thrust::tabulate(thrust::cuda::par.on(stream.get()), source.get(), source.get() + n, initial_value<T>{});
    measurement m;
    m.clocks_before = current_gpu_clocks();
    device_timer timer(cfg);
    m.in_place = time_calls(cfg, [&] {
      return timed_device_call(timer, stream.get(), [&](cudaStream_t s) {
        if (bytes > 0)
          POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(destination.get(), source.get(), bytes, cudaMemcpyDeviceToDevice, s));
      });
    });
    m.in_place.calls = timer.calls;
    m.clocks_after = current_gpu_clocks();
    if (n > 0 && !thrust::equal(thrust::cuda::par.on(stream.get()), source.get(), source.get() + n, destination.get()))
      m.validation_error = "the copy differs from its source";
    return m;
  });
}

} // namespace policybench
