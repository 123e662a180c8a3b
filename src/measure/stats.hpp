// Summary statistics of warm timings: what a result quotes (the median) and how noisy it was.
#pragma once

#include <span>

namespace policybench {

/// Statistics of a sample of durations in seconds.
struct sample_stats {
  double min_s = 0;    ///< fastest call
  double median_s = 0; ///< middle value (mean of the two middle values for an even count); the quoted figure
  double mean_s = 0;
  double stddev_s = 0; ///< sample standard deviation (divisor n - 1; 0 for one sample)
  double cv = 0;       ///< coefficient of variation, stddev_s / mean_s (0 when the mean is 0)
};

/// Summarizes `samples_s` (seconds, any order). Throws std::invalid_argument when it is empty.
sample_stats summarize(std::span<const double> samples_s);

/// Coefficient of variation above which a result is flagged as noisy (5%).
inline constexpr double noisy_cv = 0.05;

} // namespace policybench
