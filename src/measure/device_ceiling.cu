// The device's bandwidth ceiling: cudaMemcpyAsync device-to-device of the run's byte count, timed with events.
// It reads and writes every byte once, as the increment does, so a policy's share of it is a fair grade.
#include "measure/cuda_check.cuh"
#include "measure/cuda_handles.cuh"
#include "measure/ceilings.hpp"
#include "measure/timing.hpp"

#include <cstddef>

namespace policybench {

std::optional<timed_calls> measure_device_copy(const run_config& cfg) {
  int count = 0;
  // A probe, not an unchecked call: its failure is the documented "no usable device" answer.
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) return std::nullopt;
  const std::size_t bytes = cfg.size * size_of(cfg.type);
  const device_array<unsigned char> source(bytes), destination(bytes);
  const cuda_stream stream;
  // Defined contents, so that a memcheck/initcheck run stays quiet; the copy's cost does not depend on them.
  if (bytes > 0) POLICYBENCH_CUDA_CHECK(cudaMemsetAsync(source.data(), 0, bytes, stream.get()));
  event_pair events;
  return time_calls(cfg, [&] {
    events.record_start(stream.get());
    if (bytes > 0)
      POLICYBENCH_CUDA_CHECK(
          cudaMemcpyAsync(destination.data(), source.data(), bytes, cudaMemcpyDeviceToDevice, stream.get()));
    events.record_stop(stream.get());
    return events.elapsed_s();
  });
}

} // namespace policybench
