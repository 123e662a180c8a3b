// Summary statistics of warm timings: what a result quotes (the median), how far a rerun may move it, how noisy it was.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace policybench {

struct sample_stats {
  double min_s = 0;    ///< fastest call
  double median_s = 0; ///< middle value (mean of the two middle values for an even count); the quoted figure
  double mean_s = 0;
  double stddev_s = 0; ///< sample standard deviation (divisor n - 1; 0 for one sample)
  double cv = 0;       ///< coefficient of variation, stddev_s / mean_s (0 when the mean is 0)
};

/// Summarizes `samples_s` (seconds, any order). Throws std::invalid_argument when it is empty.
sample_stats summarize(std::span<const double> samples_s);

/// A confidence interval of the median: the order statistics [x(lower_rank), x(upper_rank)] of the sorted sample.
struct median_interval {
  double lower_s = 0;
  double upper_s = 0;
  std::size_t lower_rank = 0; ///< 1-based rank l in the sorted sample (of rounds' medians); upper_rank = n + 1 - l
  std::size_t upper_rank = 0;
  double confidence = 0; ///< the coverage actually attained, >= the level asked for (ranks are whole numbers)
};

/// Distribution-free confidence interval of the median (any continuous distribution, independent samples). With
/// B ~ Binomial(n, 1/2) the number of samples below the true median, P(x(l) < median < x(n+1-l)) = 1 - 2 P(B <= l-1);
/// l is the largest rank for which that is >= `level`. Source: W. J. Conover, Practical Nonparametric Statistics,
/// 3rd ed. (1999), section 3.2 (the quantile test's confidence interval); e.g. n = 10 gives ranks 2 and 9, n = 20
/// ranks 6 and 15, n = 100 ranks 40 and 61. std::nullopt when even [x(1), x(n)] covers less than `level` (at 95%:
/// n < 6). Throws std::invalid_argument unless 0 < level < 1.
std::optional<median_interval> median_confidence_interval(std::span<const double> samples_s, double level = 0.95);

/// One timing view's summary: the statistics of the values it counted (in the order made) and the interval of their
/// median (none where too few values give one).
struct series_summary {
  sample_stats stats;
  std::optional<median_interval> interval;
  std::vector<double> counted_s;
};

/// The one summary step, for every timing view alike (host calls, kernel times, end to end, a rank's calls), as
/// Google Benchmark's ComputeStats is for every series: the values `counted` marks (one flag each; empty: all), in
/// rounds that begin at `round_starts` (ascending indices, the first round's 0 left out; empty: one round). nullopt
/// when nothing is counted. The interval: with two rounds or more, the calls' median_confidence_interval widened to
/// every round's median (a round is what a rerun repeats: docs/measurement.md); with one, the calls'. It always holds
/// the median.
std::optional<series_summary> summarize_series(std::span<const double> values_s, const std::vector<bool>& counted = {},
                                               std::span<const std::size_t> round_starts = {});

/// The noise of a sample's median: the half-width of its 95% confidence interval relative to the median,
/// (upper_s - lower_s) / 2 / median_s (nvbench's --max-noise idea, with the distribution-free interval above).
/// The half-width is at least half the timer's granularity, estimated as the smallest gap between two distinct
/// samples: durations quantized to a coarse clock would otherwise give a zero-width interval that meets any
/// --max-noise target while saying nothing. std::nullopt when there is no interval (n < 6), the median is not
/// positive, or every sample is equal (no granularity to bound the interval by).
std::optional<double> median_noise(std::span<const double> samples_s);

/// Coefficient of variation above which a result is flagged as noisy (5%).
inline constexpr double noisy_cv = 0.05;

} // namespace policybench
