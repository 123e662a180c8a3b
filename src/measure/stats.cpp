// Summary statistics of warm timings.
#include "measure/stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace policybench {

sample_stats summarize(std::span<const double> samples_s) {
  if (samples_s.empty()) throw std::invalid_argument("summarize: no samples");
  std::vector<double> sorted(samples_s.begin(), samples_s.end());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t n = sorted.size();
  sample_stats s;
  s.min_s = sorted.front();
  s.median_s = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  s.mean_s = std::accumulate(sorted.begin(), sorted.end(), 0.0) / double(n);
  if (n > 1) {
    double squares = 0;
    for (double x : sorted)
      squares += (x - s.mean_s) * (x - s.mean_s);
    s.stddev_s = std::sqrt(squares / double(n - 1));
  }
  s.cv = s.mean_s > 0 ? s.stddev_s / s.mean_s : 0;
  return s;
}

std::optional<median_interval> median_confidence_interval(std::span<const double> samples_s, double level) {
  if (!(level > 0 && level < 1)) throw std::invalid_argument("median_confidence_interval: level must be in (0, 1)");
  const std::size_t n = samples_s.size();
  // P(B = k) = C(n, k) / 2^n in logarithms, so that large n neither overflows nor underflows to 0 too early.
  const auto pmf = [n](std::size_t k) {
    return std::exp(std::lgamma(double(n) + 1) - std::lgamma(double(k) + 1) - std::lgamma(double(n - k) + 1) -
                    double(n) * std::log(2.0));
  };
  // below = P(B <= l - 1); raise l while the next rank still keeps 1 - 2 P(B <= l) >= level.
  double below = 0;
  std::size_t l = 0;
  while (l < n / 2 && 1 - 2 * (below + pmf(l)) >= level)
    below += pmf(l++);
  if (l == 0) return std::nullopt;
  std::vector<double> sorted(samples_s.begin(), samples_s.end());
  std::sort(sorted.begin(), sorted.end());
  return median_interval{.lower_s = sorted[l - 1],
                         .upper_s = sorted[n - l],
                         .lower_rank = l,
                         .upper_rank = n + 1 - l,
                         .confidence = 1 - 2 * below};
}

std::optional<series_summary> summarize_series(std::span<const double> values_s, const std::vector<bool>& counted,
                                               std::span<const std::size_t> round_starts) {
  series_summary s;
  std::vector<double> round_medians, round;
  const auto end_round = [&] {
    if (!round.empty()) round_medians.push_back(summarize(round).median_s);
    round.clear();
  };
  for (std::size_t i = 0, next = 0; i < values_s.size(); ++i) {
    for (; next < round_starts.size() && round_starts[next] <= i; ++next)
      end_round();
    if (counted.empty() || (i < counted.size() && counted[i])) {
      s.counted_s.push_back(values_s[i]);
      round.push_back(values_s[i]);
    }
  }
  end_round();
  if (s.counted_s.empty()) return std::nullopt;
  s.stats = summarize(s.counted_s);
  s.interval = median_confidence_interval(s.counted_s);
  std::vector<double> held{s.stats.median_s}; // what the interval must hold
  if (round_medians.size() > 1) held.insert(held.end(), round_medians.begin(), round_medians.end());
  if (s.interval) {
    const auto [low, high] = std::minmax_element(held.begin(), held.end());
    s.interval->lower_s = std::min(s.interval->lower_s, *low);
    s.interval->upper_s = std::max(s.interval->upper_s, *high);
  }
  return s;
}

std::optional<double> median_noise(std::span<const double> samples_s) {
  const auto ci = median_confidence_interval(samples_s);
  if (!ci) return std::nullopt;
  const double median = summarize(samples_s).median_s;
  if (!(median > 0)) return std::nullopt;
  std::vector<double> sorted(samples_s.begin(), samples_s.end());
  std::sort(sorted.begin(), sorted.end());
  double tick = 0; // the smallest positive gap between neighbours
  for (std::size_t i = 1; i < sorted.size(); ++i)
    if (const double gap = sorted[i] - sorted[i - 1]; gap > 0 && (tick == 0 || gap < tick)) tick = gap;
  if (tick == 0) return std::nullopt;
  return std::max(ci->upper_s - ci->lower_s, tick) / 2 / median;
}

} // namespace policybench
