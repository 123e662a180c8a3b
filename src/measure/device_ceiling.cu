// The device's ceilings: the tuned in-place kernel over the run's array (the same bytes the policies move, the
// bound a row is graded against) and a device-to-device copy of the same bytes beside it, both timed as the
// rows are (device_timing.cuh) after the GPU is woken.
#include "measure/ceilings.hpp"
#include "measure/cuda_check.cuh"
#include "measure/cuda_handles.cuh"
#include "measure/device_timing.cuh"
#include "measure/gpu_warmup.cuh"
#include "measure/in_place_kernel.cuh"
#include "policybench/increment.hpp"

#include <cstddef>

namespace policybench {

std::optional<device_ceilings> measure_device_ceilings(const run_config& cfg) {
  int count = 0;
  // A probe, not an unchecked call: its failure is the documented "no usable device" answer.
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    (void)cudaGetLastError(); // nor may it surface at the next checked call
    return std::nullopt;
  }
  const std::size_t bytes = cfg.size * size_of(cfg.type);
  const cuda_stream stream = make_stream();
  device_ceilings c;
  {
    // Contents do not matter to the kernel's speed; zeroed so that a memcheck/initcheck run stays quiet.
    const device_array<unsigned char> data = allocate_device<unsigned char>(bytes);
    wake_gpu(data.get(), bytes, stream.get(), cfg.device_warmup_s);
    if (bytes > 0) POLICYBENCH_CUDA_CHECK(cudaMemsetAsync(data.get(), 0, bytes, stream.get()));
    c.in_place = visit_element_type(cfg.type, [&]<class T>() {
      grid_stride_launch launch; // K = 1: the rows' bytes with the least arithmetic
      device_timer timer(cfg);
      const auto work = [&](cudaStream_t s) { launch(reinterpret_cast<T*>(data.get()), cfg.size, s); };
      return time_calls(cfg, [&] { return timed_device_call(timer, stream.get(), work); });
    });
  }
  // The copy's two buffers after the in-place one is freed: the run's peak device memory stays two arrays.
  const device_array<unsigned char> source = allocate_device<unsigned char>(bytes);
  const device_array<unsigned char> destination = allocate_device<unsigned char>(bytes);
  if (bytes > 0) POLICYBENCH_CUDA_CHECK(cudaMemsetAsync(source.get(), 0, bytes, stream.get()));
  device_timer timer(cfg);
  c.copy = time_calls(cfg, [&] {
    return timed_device_call(timer, stream.get(), [&](cudaStream_t s) {
      if (bytes > 0)
        POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(destination.get(), source.get(), bytes, cudaMemcpyDeviceToDevice, s));
    });
  });
  return c;
}

} // namespace policybench
