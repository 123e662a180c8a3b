// The typed result model: every figure a report shows, computed once by the harness and read by every writer.
#pragma once

#include "harness/regime.hpp"
#include "harness/result_row.hpp"
#include "harness/sweep.hpp"
#include "machine/device_info.hpp"
#include "machine/host_info.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace policybench {

/// The run's settings. In a size sweep size, working_set_bytes and bytes_per_call are unknown (they vary).
struct report_config {
  std::string type;
  std::string workload = "increment"; ///< --workload: one a run, so the run's setting, not each row's
  std::optional<std::uint64_t> size, working_set_bytes;
  figure bytes_per_call;
  int warmup = 0, reps = 0;
  double min_time_s = 0;
  std::optional<int> threads_limit; ///< --threads, if given (never in a thread sweep)
  std::optional<int> work;          ///< --work K (increments per element per call); none in a work sweep (it varies)
  int host_concurrency = 0;
  std::string pages, first_touch; ///< host arrays' placement asked for: "huge"|"small", "parallel"|"serial"
  /// --max-noise (percent) and --timeout (seconds per row), if given; --budget (seconds for the whole run).
  figure max_noise_pct, timeout_s, budget_s;
  bool keep_disturbed = false; ///< --keep-disturbed: disturbed calls count in the figures
  /// "interleaved" or "sequential" (harness/schedule.hpp); the base rounds every row took part in (unless stopped by
  /// timeout or failed); interleaved: the seed of the first round's order; the policies each round measured.
  std::string order = "sequential";
  int rounds = 1;
  std::optional<std::uint64_t> seed;
  std::vector<std::vector<std::string>> round_orders;
  /// Device rows' kernel times: behind a held stream (true) or per call of a batch between one event pair
  /// (--no-stream-hold); whether they were also timed end to end (not with --no-end-to-end).
  bool stream_hold = true, end_to_end = true;
};

/// A ceiling stream's figures in environment.ceilings, under its registry key (policies/registry.cpp):
/// <key>_median_s (kernel time on the device), <key>_best_s, and <key>_gb_per_s, or for a compute ceiling
/// <key>_gflop_per_s and <key>_kernel; none where it did not run.
struct ceiling_stream_figures {
  std::string key;
  side device = side::host;
  ceiling_bound bound = ceiling_bound::none;
  figure median_s{}, best_s{}, rate{}; ///< rate: the median's GB/s, or GFLOP/s for a compute ceiling
  std::string kernel = "";             ///< compute ceilings: what the kernel runs
};

/// A theoretical compute peak (GFLOP/s; 2 FLOPs per fused multiply-add) and how it was computed.
struct compute_peak_figures {
  figure gflop_per_s{};
  std::optional<std::string> how = std::nullopt;
};

/// environment.ceilings (ceiling_figures, harness/rules.hpp), for scripts that read them; a sweep's are its last
/// point's.
struct ceiling_summary {
  std::vector<ceiling_stream_figures> streams = {};
  /// The bounding host ceiling's: best call, median GB/s, the low end of its interval, which schedule it is, its huge
  /// pages and effective parallelism.
  figure host_in_place_best_s{}, host_in_place_gb_per_s{}, host_in_place_low_gb_per_s{};
  std::optional<std::string> host_in_place_schedule = std::nullopt;
  figure host_huge_page_bytes{}, host_effective_parallelism{}, device_theoretical_peak_gb_per_s{};
  std::optional<compute_peak_figures> host_compute_peak = std::nullopt, device_compute_peak = std::nullopt; ///< K > 1
};

struct environment_info {
  report_config config;
  host_info host;
  device_info device;
  ceiling_summary ceilings;
};

/// The parallel row that beat `loop` beyond both intervals (the slow end of its interval faster than the fast end
/// of loop's), and by how much (loop's median / its median).
struct parallel_speedup {
  std::string policy;
  double speedup_vs_loop = 0;
};

struct run_summary {
  /// The counted row (is_policy, status ok, a median) with the smallest median; none when no row has one, or when
  /// it has no 95% interval (fastest_unjudged says why: fewer than 6 counted calls rank nothing).
  std::optional<std::string> fastest = std::nullopt;
  std::optional<std::string> fastest_unjudged = std::nullopt;
  figure fastest_median_s{}, fastest_low_s{}, fastest_high_s{}; ///< its median and median_span
  /// The counted rows whose median_span overlaps the fastest's, in the report's order: tied, not ranked.
  std::vector<std::string> tied_with_fastest{};
  /// The fastest parallel row (a device row, or a host row with effective parallelism >= serial_parallelism) that
  /// beat loop beyond the intervals; none when no row did or there is no validated loop (loop_ran says which).
  std::optional<parallel_speedup> speedup = std::nullopt;
  bool loop_ran = false;
  /// Why no speedup can be stated either way: loop, or a parallel row whose median beats loop's, has too few timed
  /// calls for a 95% interval (a single call's "interval" is a point). Empty when the speedup could be judged.
  std::optional<std::string> speedup_unjudged = std::nullopt;
  std::optional<regime_report> regime = std::nullopt; ///< host runs (harness/regime.hpp); none without a host row
};

/// What a run or a sweep produced: the one value every writer reads.
struct benchmark_report {
  environment_info environment;
  std::vector<result_row> results;                           ///< every row of the run, ceilings included
  std::optional<sweep_info> sweep;                           ///< sweeps only
  std::optional<std::vector<crossover>> crossovers;          ///< size and work sweeps only (work: keyed by K)
  std::optional<std::vector<compute_bound_k>> compute_bound; ///< work sweeps only, one per policy measured
  std::vector<std::string> warnings;
  std::optional<run_summary> summary; ///< one run (not a sweep): the answer first (summarize_run, harness/rules.hpp)
  /// Lines a mode adds to the table's footer, about the whole report (what its rows' figures mean there).
  std::vector<std::string> notes;
  /// partial: the report holds part of what the command asked for (a sweep's points so far, written as it goes, or
  /// what a run measured before Ctrl-C); interrupted: Ctrl-C ended the run (a warning says what it kept).
  bool partial = false, interrupted = false;
};

} // namespace policybench
