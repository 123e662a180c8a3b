// How a device stream is timed: the GPU woken first, then per call host-synchronous time from an unheld call (what
// a caller waits for, with nothing of the timing machinery in it) and kernel time from CUDA events, behind a held
// stream or around a batch; the GPU's clocks before and after.
#pragma once

#include "measure/cuda_check.cuh"
#include "measure/cuda_handles.cuh"
#include "measure/gpu_clocks.hpp"
#include "measure/run_config.hpp"
#include "measure/seconds.hpp"
#include "measure/stream_hold.cuh"
#include "measure/timing.hpp"
#include "measure/work.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>

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

/// Calls in the one event pair of a kernel time taken without the hold: enough that the first launch's latency
/// (the start event is timestamped before the first kernel arrives) is a tenth of a call or less.
inline constexpr int unheld_batch_calls = 10;
static_assert(1 + unheld_batch_calls <= device_calls_per_timed_call, "measure/work.hpp bounds a buffer's calls");

/// The hold and the events one sequence of device calls reuses, and the calls it has made (validation's count).
struct device_timer {
  explicit device_timer(const run_config& cfg) : held(cfg.hold_stream) {}
  bool held;
  stream_hold hold;
  event_pair events;
  std::uint64_t calls = 0;
};

/// For time_calls: work(stream) once unheld and synchronized (host_s), then once more behind a held stream, or
/// unheld_batch_calls times between one event pair without the hold (kernel_s, per call). The unheld call comes
/// first, so a first call that loads its module never waits behind a hold. Throws std::runtime_error.
template <class Work> call_times timed_device_call(device_timer& t, cudaStream_t stream, Work&& work) {
  const auto start = steady_clock::now();
  work(stream);
  POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(stream));
  call_times out{.host_s = seconds_since(start), .kernel_s = 0};
  ++t.calls;
  if (t.held) {
    out.kernel_s = held_kernel_time(t.hold, t.events, stream, work);
    ++t.calls;
    return out;
  }
  t.events.record_start(stream);
  for (int i = 0; i < unheld_batch_calls; ++i)
    work(stream);
  t.events.record_stop(stream);
  out.kernel_s = t.events.elapsed_s() / unheld_batch_calls;
  t.calls += unheld_batch_calls;
  return out;
}

/// The in-place view of every device stream with a kernel time: work(stream) timed as time_calls(cfg) does, one
/// timed_device_call per timed call, the GPU's clocks read before and after; in_place.calls counts every call made.
template <class Work> measurement time_device_work(const run_config& cfg, cudaStream_t stream, Work&& work) {
  measurement m;
  m.clocks_before = current_gpu_clocks();
  device_timer timer(cfg);
  m.in_place = time_calls(cfg, [&] { return timed_device_call(timer, stream, work); });
  m.in_place.calls = timer.calls;
  m.clocks_after = current_gpu_clocks();
  return m;
}

} // namespace policybench
