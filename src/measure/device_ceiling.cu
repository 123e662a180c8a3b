// The device's bandwidth ceiling: cudaMemcpyAsync device-to-device of the run's byte count, timed with events on a
// held stream after the GPU is woken. It reads and writes every byte once, as the increment does: a fair grade.
#include "measure/ceilings.hpp"
#include "measure/cuda_check.cuh"
#include "measure/cuda_handles.cuh"
#include "measure/gpu_warmup.cuh"
#include "measure/stream_hold.cuh"
#include "measure/timing.hpp"

#include <cstddef>

namespace policybench {

std::optional<timed_calls> measure_device_copy(const run_config& cfg) {
  int count = 0;
  // A probe, not an unchecked call: its failure is the documented "no usable device" answer.
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) return std::nullopt;
  const std::size_t bytes = cfg.size * size_of(cfg.type);
  const device_array<unsigned char> source = allocate_device<unsigned char>(bytes);
  const device_array<unsigned char> destination = allocate_device<unsigned char>(bytes);
  const cuda_stream stream = make_stream();
  // Defined contents, so that a memcheck/initcheck run stays quiet; the copy's cost does not depend on them.
  wake_gpu(source.get(), bytes, stream.get(), cfg.device_warmup_s);
  if (bytes > 0) POLICYBENCH_CUDA_CHECK(cudaMemsetAsync(source.get(), 0, bytes, stream.get()));
  stream_hold hold;
  event_pair events;
  return time_calls(cfg, [&] {
    return held_kernel_time(hold, events, stream.get(), [&](cudaStream_t s) {
      if (bytes > 0)
        POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(destination.get(), source.get(), bytes, cudaMemcpyDeviceToDevice, s));
    });
  });
}

} // namespace policybench
