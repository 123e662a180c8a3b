// How a device stream is timed: the GPU woken first, then per call host-synchronous time from an unheld call (what
// a caller waits for, with nothing of the timing machinery in it) and kernel time from CUDA events, behind a held
// stream or around a batch; the GPU's clocks before and after. The hold is nvbench's blocking kernel, re-derived:
// a one-thread kernel holds the stream while the start event, the work and the stop event are enqueued behind it,
// then the host releases it, so the kernel time carries no host launch latency.
#pragma once

#include "measure/cuda_check.cuh"
#include "measure/cuda_handles.cuh"
#include "measure/gpu_clocks.hpp"
#include "measure/run_config.hpp"
#include "measure/seconds.hpp"
#include "measure/timing.hpp"
#include "measure/work.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>

namespace policybench {

/// Keeps the GPU busy for at least `seconds` with memsets of `bytes` at `d` on `s` (batches of doubling length,
/// so tiny buffers do not cost a host round trip each): the SM clock ramps up before the policy is timed.
inline void wake_gpu(void* d, std::size_t bytes, cudaStream_t s, double seconds) {
  if (bytes == 0 || seconds <= 0) return;
  const auto start = steady_clock::now();
  for (int batch = 1; seconds_since(start) < seconds; batch *= 2) {
    for (int i = 0; i < batch; ++i)
      POLICYBENCH_CUDA_CHECK(cudaMemsetAsync(d, 0, bytes, s));
    POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(s));
  }
}

/// The current device's clocks (NVML); std::nullopt when NVML is unavailable (see read_gpu_clocks).
inline std::optional<gpu_clocks> current_gpu_clocks() {
  int device = 0;
  char pci_bus_id[32] = {};
  POLICYBENCH_CUDA_CHECK(cudaGetDevice(&device));
  POLICYBENCH_CUDA_CHECK(cudaDeviceGetPCIBusId(pci_bus_id, int(sizeof pci_bus_id), device));
  return read_gpu_clocks(pci_bus_id);
}

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

/// The in-place view of every device stream with a kernel time, timed as time_calls(cfg) does: per timed call
/// work(stream) once unheld and synchronized (host_s), then once more behind a held stream, or unheld_batch_calls
/// times between one event pair without the hold (kernel_s, per call). The unheld call comes first, so a first call
/// that loads its module never waits behind a hold. The GPU's clocks are read before and after; in_place.calls counts
/// every call made. Throws std::runtime_error, also when the hold timed out (the figure would then hold host time).
template <class Work> measurement time_device_work(const run_config& cfg, cudaStream_t stream, Work&& work) {
  measurement m;
  m.clocks_before = current_gpu_clocks();
  stream_hold hold;
  const cuda_event start = make_event(), stop = make_event();
  const int batch = cfg.hold_stream ? 1 : unheld_batch_calls;
  std::uint64_t calls = 0;
  m.in_place = time_calls(cfg, [&]() -> call_times {
    const auto host_start = steady_clock::now();
    work(stream);
    POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(stream));
    const double host_s = seconds_since(host_start);
    if (cfg.hold_stream) hold.hold(stream);
    try {
      POLICYBENCH_CUDA_CHECK(cudaEventRecord(start.get(), stream));
      for (int i = 0; i < batch; ++i)
        work(stream);
      POLICYBENCH_CUDA_CHECK(cudaEventRecord(stop.get(), stream));
    } catch (...) {
      hold.release(); // the stream drains instead of spinning to the hold's timeout
      throw;
    }
    hold.release();
    POLICYBENCH_CUDA_CHECK(cudaEventSynchronize(stop.get()));
    float ms = 0;
    POLICYBENCH_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
    if (cfg.hold_stream && hold.timed_out())
      throw std::runtime_error("the stream hold timed out: the held work waited on its own stream");
    calls += 1 + std::uint64_t(batch);
    return {.host_s = host_s, .kernel_s = double(ms) * 1e-3 / batch};
  });
  m.in_place.calls = calls;
  m.clocks_after = current_gpu_clocks();
  return m;
}

} // namespace policybench
