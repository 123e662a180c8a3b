// One result row of the typed model: the figures every row has, computed once, and the groups of figures a mode adds
// where it measures them (as Google Benchmark's UserCounters; report/summaries.cpp declares how each is printed).
#pragma once

#include "measure/ceilings.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace policybench {

/// A figure or none; not std::optional<double>, which makes GCC 12 warn falsely (-Wmaybe-uninitialized) in aggregates.
class figure {
public:
  constexpr figure() noexcept = default;
  constexpr figure(double value) noexcept : value_(value), known_(true) {} // NOLINT: a number is a known figure
  constexpr bool known() const noexcept { return known_; }
  constexpr explicit operator bool() const noexcept { return known_; }
  /// The value; 0 when unknown (callers test known() first).
  constexpr double operator*() const noexcept { return value_; }
  constexpr bool operator==(const figure&) const noexcept = default;

private:
  double value_ = 0;
  bool known_ = false;
};

/// num / den when both are known and den > 0, else none: every ratio in a report (GB/s, speedups, shares).
constexpr figure ratio(figure num, figure den) noexcept {
  return num && den && *den > 0 ? figure(*num / *den) : figure();
}

/// `f` x `scale`, none stays none.
constexpr figure scaled(figure f, double scale) noexcept { return f ? figure(*f * scale) : figure(); }

enum class row_status { ok, invalid, failed, unavailable };

/// A device row's GPU views beyond its kernel time (add_gpu_views; README "Extra fields").
struct gpu_figures {
  figure kernel_gb_per_s{};
  std::optional<std::string> no_kernel_time_reason = std::nullopt;
  figure sm_clock_before_mhz{}, sm_clock_after_mhz{}, memory_clock_before_mhz{}, memory_clock_after_mhz{};
  figure e2e_pageable_cold_s{}, e2e_pageable_median_s{}, e2e_pinned_median_s{}, e2e_over_kernel{};
};

/// The FLOPs of a call and their rate: a compute ceiling's, and every policy row's at --work K.
struct flop_figures {
  figure flops_per_call{}, gflop_per_s{};
};

/// A policy row on the roofline at --work K > 1 (harness/rules.hpp): K, FLOP/byte, the bound and its share; in a work
/// sweep every row, a ceiling's with its point's K alone.
struct roofline_place {
  int work = 1;
  figure flop_per_byte{}, bound_gflop_per_s{}, pct_of_bound{};
};

/// A thread sweep's row against the same policy's 1-thread row: speedup, and efficiency (speedup / threads).
struct thread_scaling {
  figure speedup_vs_1_thread{}, parallel_efficiency{};
};

/// An MPI job's row: the fastest and the slowest rank's own median, and their ratio.
struct rank_spread {
  figure median_min_s{}, median_max_s{}, imbalance{};
};

/// A timing view's median and the ends of its interval (summarize_series), in seconds; none where it has none.
struct view_figures {
  figure median_s{}, low_s{}, high_s{};
};

/// One timed stream at one point (README "JSON schema" says what each field means).
struct result_row {
  std::string policy;
  side device = side::host;
  std::string backend;
  /// A policy, or a ceiling measured as the policies are and set against them; `bounds`: what a ceiling bounds.
  stream_role role = stream_role::policy;
  std::optional<ceiling_bound> bounds = std::nullopt;
  row_status status = row_status::ok;
  std::optional<std::string> reason = std::nullopt; ///< why unavailable or failed
  std::string workload = "increment";               ///< what each call computes (policybench/workloads.hpp)
  std::string type;                                 ///< element type, e.g. "float64"
  std::uint64_t size = 0;                           ///< element count
  double bytes_per_call = 0;
  int warmup = 0;
  std::optional<std::uint64_t> reps = std::nullopt; ///< timed calls the figures count (samples_s)
  /// Timed calls disturbed by other work, and whether more than half; none where the kernel gives no wait times.
  std::optional<std::uint64_t> disturbed_calls = std::nullopt;
  std::optional<bool> mostly_disturbed = std::nullopt;
  int threads = 0; ///< host concurrency during the run: the threads oneTBB could use
  figure cold_s{}, min_s{}, median_s{}, mean_s{}, stddev_s{}, cv{}; ///< cold call; warm statistics (measure/timing.hpp)
  std::vector<double> samples_s = {}; ///< every counted timed call's host-clock duration, in the order made
  /// The median's 95% interval (measure/timing.hpp) and the coverage it attains; none below 6 samples.
  figure median_ci_low_s{}, median_ci_high_s{}, median_ci_confidence{};
  /// Device rows: the kernel view (CUDA-event times), on which the row's throughput, % ceiling and marks rest.
  view_figures kernel{};
  figure effective_parallelism{}; ///< process CPU time / wall time over the timed calls (timed_calls)
  std::optional<std::uint64_t> huge_page_bytes = std::nullopt; ///< host rows: bytes of the array on huge pages
  figure gb_per_s{}, pct_of_ceiling{}, speedup_vs_loop{};      ///< from median_s (pct: device rows from kernel time)
  std::optional<bool> above_ceiling = std::nullopt;            ///< beats its ceiling beyond both intervals (rules.hpp)
  std::optional<bool> validated = std::nullopt; ///< none for a row that did not run (unavailable, failed)
  std::optional<std::string> validation_error = std::nullopt;
  std::optional<std::string> stopped_by = std::nullopt; ///< "reps", "min_time", ... (measure/run_config.hpp)
  /// A mode's figures, none where the row's mode does not measure them (then the report has no such columns).
  std::optional<gpu_figures> gpu = std::nullopt; ///< device rows
  std::optional<flop_figures> flops = std::nullopt;
  std::optional<roofline_place> roofline = std::nullopt;
  std::optional<thread_scaling> scaling = std::nullopt;
  std::optional<rank_spread> ranks = std::nullopt;
};

/// Whether a row is a policy's, not a ceiling's.
inline bool is_policy(const result_row& row) { return row.role == stream_role::policy; }

/// "ok", "invalid", "failed", "unavailable" (the JSON's words).
std::string to_string(row_status s);

} // namespace policybench
