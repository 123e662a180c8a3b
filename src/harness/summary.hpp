// The answer first: which row was fastest, which rows are tied with it, whether parallel execution really paid, and
// whether the run measured memory or cache. Facts from the rows' medians and intervals, never a ranking of ties.
#pragma once

#include "harness/regime.hpp"
#include "harness/result_row.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace policybench {

/// A row's median interval, in seconds: its 95% confidence interval (median_ci_low_s/high_s), or, below the 6
/// samples that interval needs, the range of its samples (the widest statement the row can make).
struct median_span {
  double low_s = 0, high_s = 0;
};
/// std::nullopt for a row without a median.
std::optional<median_span> median_span_of(const result_row& row);

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

/// The summary of one run's `rows` and its measured regime.
run_summary summarize_run(std::span<const result_row> rows, std::optional<regime_report> regime);

} // namespace policybench
