// The typed result model: every figure a report shows, computed once by the harness and read by every writer; one
// result row holds the figures every row has and the groups a mode adds (as Google Benchmark's UserCounters;
// report/summaries.cpp declares how each is printed).
#pragma once

#include "machine/device_info.hpp"
#include "machine/host_info.hpp"
#include "measure/ceilings.hpp"
#include "policies/registry.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
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

/// One run (none), or a sweep along one of sweep_axes().
enum class sweep_kind { none, size, threads, work };

/// --sweep's words (none is no sweep: not a word --sweep takes); each is its axis' name.
inline constexpr enum_name<sweep_kind> sweep_kind_names[] = {
    {sweep_kind::size, "size"}, {sweep_kind::threads, "threads"}, {sweep_kind::work, "work"}};

/// What a sweep varies and over which range; a thread sweep's range is the CPUs there are.
struct sweep_plan {
  sweep_kind kind = sweep_kind::size;
  std::uint64_t min_size = 1'000;         ///< smallest element count of a size sweep
  std::uint64_t max_size = 1'000'000'000; ///< largest element count a size sweep may reach
  int min_work = 1, max_work = 1024;      ///< a work sweep's first K and the largest it may reach
};

/// One point of a sweep's series, and where its rows (ceilings included) are among the report's results.
struct series_point {
  std::uint64_t size = 0;
  int threads = 0;
  int work = 1;                           ///< K at this point
  std::size_t first_row = 0, end_row = 0; ///< its rows: results[first_row, end_row)
};

/// A sweep as planned and what it measured.
struct sweep_info : sweep_plan {
  std::uint64_t stopped_at = 0; ///< size sweeps only
  std::string stop_reason = ""; ///< size sweeps only: max-size, memory or bad_alloc
  double min_time_s = 0;
  std::vector<series_point> series = {};
};

/// A work sweep's policy: the smallest K from which it is compute-bound, and its GFLOP/s at the largest K.
struct compute_bound_k {
  std::string policy;
  std::optional<std::uint64_t> from_work = std::nullopt; ///< none: memory-bound at every K measured
  std::uint64_t largest_work = 0;
  figure gflop_per_s_at_largest = {};
  bool medians_only = false; ///< from_work rests on a point without an interval (under 6 calls)
};

/// Both sides of a crossover at one size.
struct crossover_point {
  std::uint64_t size = 0;
  std::string challenger_policy;
  double challenger_s = 0;
  std::string baseline_policy;
  double baseline_s = 0;
};

struct sweep_axis;
/// The axis of a sweep of `kind` (not none): harness/sweep.hpp's table.
const sweep_axis& axis_of(sweep_kind kind);

/// Where `challenger` starts to beat `baseline` (crossover_size says how it is decided).
struct crossover {
  std::string key, challenger, baseline, view; ///< key: the JSON name, e.g. "par_unseq_vs_loop"
  std::uint64_t sizes_compared = 0;
  std::optional<std::uint64_t> from_size = std::nullopt; ///< none: never in this range
  std::optional<crossover_point> at_from_size = std::nullopt, at_largest_size = std::nullopt;
  bool medians_only = false; ///< from_size rests on a point without an interval (under 6 calls, end to end)
  /// The axis along which from_size and each point's size are measured: element counts or K.
  const sweep_axis* axis = &axis_of(sweep_kind::size);
};

/// The run's settings (README "JSON schema": environment.config); none where a sweep varies them.
struct report_config {
  std::string type;
  std::string workload = "increment"; ///< --workload: the run's; several comma-separated, each row then says its own
  std::optional<std::uint64_t> size, working_set_bytes;
  figure bytes_per_call;
  int warmup = 0, reps = 0;
  double min_time_s = 0;
  std::optional<int> threads_limit; ///< never in a thread sweep
  std::optional<int> work;          ///< none in a work sweep (it varies)
  int host_concurrency = 0;
  std::string pages, first_touch;
  figure max_noise_pct, timeout_s, budget_s;
  bool keep_disturbed = false;
  std::string order = "sequential";
  int rounds = 1;
  std::optional<std::uint64_t> seed; ///< interleaved only
  std::vector<std::vector<std::string>> round_orders;
  bool stream_hold = true, end_to_end = true;
};

/// What environment.ceilings is written from (report/summaries.cpp), for scripts that read it: each ceiling the run
/// could have, its figures read off its row among the run's rows (a sweep's: its last point's), and the peaks.
struct ceiling_summary {
  std::size_t first_row = 0, end_row = 0;        ///< the run's rows in benchmark_report::results
  std::vector<policy_entry> streams = {};        ///< ceiling_streams of the run's device, K and workload
  ceiling_shape shape = ceiling_shape::in_place; ///< what the rows' % ceiling is against, for the table
  std::optional<compute_peak> host_compute_peak = std::nullopt,
                              device_compute_peak = std::nullopt; ///< with a compute ceiling: K > 1, poly
};

struct environment_info {
  report_config config;
  host_info host;
  device_info device;
  ceiling_summary ceilings;
};

/// How far above the plateau a footprint's median may stream and still count as memory: a Xeon VM's memory
/// footprints differ by up to ~20% (loaded: 47-56 GB/s); its caches by more (80 MB: 80 GB/s against 52).
inline constexpr double flat_tolerance = 0.25;

/// Why the regime probe decides nothing (README "regime" says when each applies).
enum class unknown_reason {
  none,
  top_not_reached,
  top_in_cache,
  disturbed,
  still_falling,
  out_of_time,
  array_point_noisy,
  no_cache_step
};

/// The regime probe, one footprint: the in-place stream over `bytes`, its row's median GB/s and its interval's ends.
struct bandwidth_point {
  std::uint64_t bytes = 0;
  double gb_per_s = 0;
  double low_gb_per_s = 0;
  double high_gb_per_s = 0;
  bool disturbed = false; ///< most of its calls were disturbed by other work (measure/timing.hpp)
};

/// Memory or cache, measured: the probe's verdict on one array size (README "JSON schema", summary.regime).
struct regime_report {
  std::string regime = "unknown"; ///< "memory", "cache", or "unknown" (the measurement cannot tell: see why)
  unknown_reason why = unknown_reason::none;
  std::uint64_t array_bytes = 0;
  /// Where the memory regime starts on this machine; none when the measurement cannot tell.
  std::optional<std::uint64_t> memory_from_bytes = std::nullopt;
  std::optional<double> plateau_gb_per_s = std::nullopt;
  double tolerance = flat_tolerance;
  std::optional<std::string> stream_rule = std::nullopt; ///< STREAM's rule on llc_bytes; none when it is unknown
  std::uint64_t llc_bytes = 0;
  std::uint64_t planned_top_bytes = 0; ///< the largest footprint the probe planned (probe_footprints)
  /// The footprint that could not be mapped (an address-space limit, which the plan does not see), if any.
  std::optional<std::uint64_t> unmapped_bytes = std::nullopt;
  std::vector<bandwidth_point> points{}; ///< the probe's footprints, ascending
  double probe_s = 0;
};

/// The parallel row that beat `loop` beyond both intervals, and by how much (loop's median / its median).
struct parallel_speedup {
  std::string policy;
  double speedup_vs_loop = 0;
};

/// The answer first (summarize_run; README "JSON schema" under summary says what each figure means).
struct run_summary {
  std::string workload = "increment";            ///< the workload whose rows it sums up (a run of several has one each)
  ceiling_shape shape = ceiling_shape::in_place; ///< its ceilings' (environment.ceilings holds the first workload's)
  /// The counted row with the smallest median; none without one or without its interval (fastest_unjudged says why).
  std::optional<std::string> fastest = std::nullopt;
  std::optional<std::string> fastest_unjudged = std::nullopt;
  figure fastest_median_s{}, fastest_low_s{}, fastest_high_s{}; ///< its median and median_span
  std::vector<std::string> tied_with_fastest{}; ///< the counted rows whose median_span overlaps the fastest's
  /// None when no parallel row beat loop beyond the intervals, or without a loop row (loop_ran).
  std::optional<parallel_speedup> speedup = std::nullopt;
  bool loop_ran = false;
  /// Why no speedup can be stated either way: a row it rests on has too few calls for an interval.
  std::optional<std::string> speedup_unjudged = std::nullopt;
  std::optional<regime_report> regime = std::nullopt; ///< host runs (measure_regime); none without a host row
};

/// What a run or a sweep produced: the one value every writer reads.
struct benchmark_report {
  environment_info environment;
  std::vector<result_row> results;                           ///< every row of the run, ceilings included
  std::optional<sweep_info> sweep;                           ///< sweeps only
  std::optional<std::vector<crossover>> crossovers;          ///< size and work sweeps only (work: keyed by K)
  std::optional<std::vector<compute_bound_k>> compute_bound; ///< work sweeps only, one per policy measured
  std::vector<std::string> warnings;
  /// One run (not a sweep): the answer first (summarize_run, harness/rules.hpp), one per workload, in the run's order.
  std::vector<run_summary> summaries;
  /// Lines a mode adds to the table's footer, about the whole report (what its rows' figures mean there).
  std::vector<std::string> notes;
  /// partial: part of what the command asked for (a sweep so far, or a run cut by Ctrl-C); interrupted: by Ctrl-C.
  bool partial = false, interrupted = false;
};

} // namespace policybench
