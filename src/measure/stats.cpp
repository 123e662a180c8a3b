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
    for (double x : sorted) squares += (x - s.mean_s) * (x - s.mean_s);
    s.stddev_s = std::sqrt(squares / double(n - 1));
  }
  s.cv = s.mean_s > 0 ? s.stddev_s / s.mean_s : 0;
  return s;
}

} // namespace policybench
