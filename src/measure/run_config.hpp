// What one measurement is asked to do (run_config) and what it returns (timed_calls, measurement), in seconds.
// Plain C++: the harness reaches CUDA code only through these types.
#pragma once

#include "measure/element_type.hpp"
#include "measure/host_array.hpp"
#include "measure/stopping.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace policybench {

/// One run's workload: `size` elements of `type`, incremented in place 1 (cold) + warmup + timed calls.
struct run_config {
  element_type type = element_type::float64;
  std::size_t size = 10'000'000; ///< element count
  int warmup = 3;                ///< untimed calls after the cold call
  /// When the timed calls end, the one member that is not the workload's: the command line's request, or the rule the
  /// schedule made for this one measurement (harness/schedule.hpp), which measurement functions pass to time_calls.
  stopping_rule stop = {};
  /// Disturbed calls (measure/thread_clocks.hpp) count in the statistics and the stopping rule.
  bool keep_disturbed = false;
  /// Device runs: seconds of GPU work before the policy's first call (wake_gpu says why).
  double device_warmup_s = 0.1;
  /// Device rows: kernel time behind a held stream, or (false: sanitizers and profilers that serialize every launch,
  /// where a held stream would spin to its timeout) around a batch of calls (measure/device_timing.cuh).
  bool hold_stream = true;
  bool end_to_end = true;            ///< device rows: also the end-to-end views from pageable and pinned host memory
  page_size pages = page_size::huge; ///< host arrays' pages (measure/host_array.hpp)
  first_touch_mode first_touch = first_touch_mode::parallel; ///< which threads place the host arrays' pages
  /// Called before each call's clock starts: policybench-mpi's barrier, so that every rank starts each call together.
  std::function<void()> before_each_call = nullptr;
  /// Host calls: the threads a call should keep busy (set by measure/host_measure.hpp); a call short of them is
  /// disturbed. 0: not judged.
  int call_threads = 0;
  /// K (--work): increments each call adds per element, from K = 2 as a dependent chain of fused multiply-adds
  /// (policybench/increment.hpp); 1 is the plain increment.
  int work = 1;
  /// Bytes one call moves: read + write of every element, STREAM's counting (no write-allocate credit).
  double bytes_per_call() const noexcept { return 2.0 * double(size) * double(size_of(type)); }
};

/// Durations in seconds of one sequence of calls on one buffer.
struct timed_calls {
  /// The first call of this sequence (host clock), never part of warm statistics: on the host the first call on a
  /// buffer already written once; on the device the policy's first call after the data's initialization and
  /// device_warmup_s, which pays the policy's own first-call costs (lazy loading, CUB's queries) only at the
  /// process's first run of that policy and type, CUB's transform rows none below 2^20 elements
  /// (prime_cub_tile_size). Driver and context start-up are device_info's driver_init_s and context_create_s.
  double cold_s = 0;
  std::vector<double> warm_s; ///< one host-clock duration per timed call, each call complete when timing stops
  /// One flag per warm_s entry: the call was disturbed (time_calls). Empty when no call could be judged.
  std::vector<bool> disturbed = {};
  /// One figure per warm_s entry: the process's CPU time over the call's wall time (1 for one busy thread).
  std::vector<double> parallelism = {};
  /// One CUDA-event duration per timed call (measure/device_timing.cuh); warm_s then holds a separate unheld call's
  /// host-synchronous time. Empty on the host and where measurement::no_kernel_time says why.
  std::vector<double> kernel_s;
  /// Interleaved runs: the index in warm_s (and kernel_s) of the first call of each round after the first, each
  /// round on a fresh array (fresh pages and placement: what a new process would get), so that a row's interval
  /// can include what a rerun moves (summarize_series).
  std::vector<std::size_t> round_starts = {};
  std::uint64_t calls = 0; ///< calls the buffer received (what validation expects): cold + warm-up + timed on the host
  stop_reason stopped_by = stop_reason::reps; ///< the criterion that ended the timed calls (stop_after)
  double elapsed_s = 0;                       ///< wall seconds from the cold call's start to the last call's end
};

/// A GPU's clocks at one moment, in MHz, as NVML reports them (nvmlDeviceGetClockInfo).
struct gpu_clocks {
  unsigned sm_mhz = 0;
  unsigned memory_mhz = 0;
};

/// Everything one policy's run produced. `validation_error` is empty when every element of every buffer
/// equalled its initial value + the number of calls it received.
struct measurement {
  timed_calls in_place;                    ///< data already in the memory of the policy's device
  std::optional<timed_calls> e2e_pageable; ///< device policies: H2D copy + increment + D2H copy, std::vector
  std::optional<timed_calls> e2e_pinned;   ///< the same from page-locked host memory
  std::optional<std::string> validation_error;
  /// Device rows with no kernel time (in_place.kernel_s empty): why, e.g. thrust::device synchronizes inside the
  /// call, so events around it would time the host round trip. Their figure is the host-synchronous warm_s.
  std::optional<std::string> no_kernel_time;
  std::optional<gpu_clocks> clocks_before; ///< device rows: just before the first call; nullopt: NVML unavailable
  std::optional<gpu_clocks> clocks_after;  ///< device rows: after the last timed in-place call
  /// Bytes of the host array backed by transparent huge pages after the timed calls; host policies only.
  std::optional<std::uint64_t> huge_page_bytes;
  std::optional<host_threading> host_threads; ///< host policies: the threads the call ran on (and first touched)
  /// Streams whose calls move other bytes than the workload's (STREAM copy and scale: about half of them) or compute
  /// instead (the FMA kernels: no bytes); nullopt: the workload's bytes (run_config::bytes_per_call), its K's FLOPs.
  std::optional<double> bytes_per_call = std::nullopt, flops_per_call = std::nullopt;
};

/// Wall seconds a measurement took, its end-to-end views included: what a row's --timeout covers.
inline double elapsed_s(const measurement& m) noexcept {
  return m.in_place.elapsed_s + (m.e2e_pageable ? m.e2e_pageable->elapsed_s : 0) +
         (m.e2e_pinned ? m.e2e_pinned->elapsed_s : 0);
}

} // namespace policybench
