// Kernel time without host launch latency (nvbench's blocking kernel, re-derived): a one-thread kernel holds the
// stream while the start event, the work and the stop event are enqueued behind it, then the host releases it.
#pragma once

#include "measure/cuda_handles.cuh"

#include <stdexcept>

namespace policybench {

/// Seconds the hold kernel spins before it gives up by itself: a bug that waits on the held stream (a synchronize
/// inside the held work) then costs this long and an error, instead of hanging the GPU.
inline constexpr double stream_hold_timeout_s = 5.0;

/// One flag pair in mapped page-locked memory, reused for every hold. Never hold a stream around work that
/// synchronizes (thrust::device) or that may load a module (a policy's first call, with lazy loading).
class stream_hold {
public:
  /// Enqueues the hold kernel on `stream`; everything enqueued after it waits until release().
  void hold(cudaStream_t stream); // stream_hold.cu
  void release() noexcept { static_cast<volatile int*>(flags_.get())[0] = 1; }
  /// Whether the last hold ended by its timeout rather than by release(); read after the stream has drained.
  bool timed_out() const noexcept { return static_cast<volatile const int*>(flags_.get())[1] != 0; }

private:
  pinned_array<int> flags_ = allocate_pinned<int>(2, cudaHostAllocMapped); // [0] released, [1] timed out
};

/// Device time of work(stream) in seconds, the stream held while it is enqueued between `events`. Throws
/// std::runtime_error when the hold timed out (the figure would then hold host time).
template <class Work> double held_kernel_time(stream_hold& hold, event_pair& events, cudaStream_t stream, Work&& work) {
  hold.hold(stream);
  try {
    events.record_start(stream);
    work(stream);
    events.record_stop(stream);
  } catch (...) {
    hold.release();
    throw;
  }
  hold.release();
  const double s = events.elapsed_s();
  if (hold.timed_out()) throw std::runtime_error("the stream hold timed out: the held work waited on its own stream");
  return s;
}

} // namespace policybench
