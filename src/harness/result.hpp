// The typed result model: every figure a report shows, computed once by the harness and read by every writer.
#pragma once

#include "harness/result_row.hpp"
#include "harness/sweep.hpp"
#include "machine/device_info.hpp"
#include "machine/host_info.hpp"
#include "policies/registry.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace policybench {

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
