// What one measurement is asked to do (run_config) and what it returns (timed_calls, measurement), in seconds.
// Plain C++: the harness reaches CUDA code only through these types.
#pragma once

#include "measure/element_type.hpp"
#include "measure/placement.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace policybench {

/// One run's workload: `size` elements of `type`, incremented in place 1 (cold) + warmup + timed calls.
struct run_config {
  element_type type = element_type::float64;
  std::size_t size = 10'000'000; ///< element count
  int warmup = 3;                ///< untimed calls after the cold call
  int reps = 10;                 ///< timed warm calls; with min_time_s > 0 the most there may be
  /// Seconds the timed calls should fill (sweeps): 0 = exactly `reps` timed calls; otherwise as many as the
  /// warm-up calls predict fill min_time_s, at least min_timed_reps and at most `reps` (see timed_reps).
  double min_time_s = 0;
  page_size pages = page_size::huge;                         ///< host arrays' pages (measure/placement.hpp)
  first_touch_mode first_touch = first_touch_mode::parallel; ///< which threads place the host arrays' pages
  /// Bytes one call moves: read + write of every element, STREAM's counting (no write-allocate credit).
  double bytes_per_call() const noexcept { return 2.0 * double(size) * double(size_of(type)); }
};

/// Durations in seconds of one sequence of calls on one buffer.
struct timed_calls {
  double cold_s = 0;            ///< the first call in this process (host clock), never part of warm statistics
  std::vector<double> warm_s;   ///< one host-clock duration per timed call, each call complete when timing stops
  std::vector<double> kernel_s; ///< one CUDA-event duration per timed call on the policy's stream; empty on the host
  std::uint64_t calls = 0;      ///< calls the buffer received: cold + warm-up + timed (what validation expects)
  /// Process CPU time (user + system, every thread) over the timed calls / their wall time: ~1 for one busy
  /// thread, ~k for k busy threads, ~0 for a call that sleeps or waits on a device without spinning.
  double effective_parallelism = 0;
};

/// Everything one policy's run produced. `validation_error` is empty when every element of every buffer
/// equalled its initial value + the number of calls it received.
struct measurement {
  timed_calls in_place;                    ///< data already in the memory of the policy's device
  std::optional<timed_calls> e2e_pageable; ///< device policies: H2D copy + increment + D2H copy, std::vector
  std::optional<timed_calls> e2e_pinned;   ///< the same from page-locked host memory
  std::optional<std::string> validation_error;
  /// Bytes of the host array backed by transparent huge pages after the timed calls; host policies only.
  std::optional<std::uint64_t> huge_page_bytes;
};

} // namespace policybench
