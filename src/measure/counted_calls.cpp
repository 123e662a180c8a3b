// The counted calls of counted_calls.hpp: one mask, applied to durations and to parallelism alike.
#include "measure/counted_calls.hpp"

#include <algorithm>

namespace policybench {
namespace {

// Which calls count: see stopping_samples and counted_samples.
std::vector<bool> counted_mask(const timed_calls& t, bool keep_disturbed, bool fall_back) {
  std::vector<bool> all(t.warm_s.size(), true);
  if (keep_disturbed || t.disturbed.size() != t.warm_s.size()) return all;
  std::vector<bool> quiet(t.disturbed.size());
  std::transform(t.disturbed.begin(), t.disturbed.end(), quiet.begin(), [](bool d) { return !d; });
  const auto n = std::size_t(std::count(quiet.begin(), quiet.end(), true));
  // A row can lean on every call only when it has too few quiet ones to stand alone and most were disturbed: a
  // fixed --reps 2 with one disturbed call beside them still counts its two quiet ones.
  return fall_back && n < min_counted_calls && 2 * n < t.warm_s.size() ? all : quiet;
}

std::vector<double> masked(const std::vector<double>& values, const std::vector<bool>& mask) {
  std::vector<double> out;
  for (std::size_t i = 0; i < values.size() && i < mask.size(); ++i)
    if (mask[i]) out.push_back(values[i]);
  return out;
}

} // namespace

std::size_t disturbed_calls(const timed_calls& t) {
  return std::size_t(std::count(t.disturbed.begin(), t.disturbed.end(), true));
}

std::vector<double> stopping_samples(const timed_calls& t, bool keep_disturbed) {
  // A device row reports, and so stops on, its kernel times (one per timed call).
  const bool kernel = !t.kernel_s.empty() && t.kernel_s.size() == t.warm_s.size();
  return masked(kernel ? t.kernel_s : t.warm_s, counted_mask(t, keep_disturbed, false));
}

std::vector<double> counted_samples(const timed_calls& t, bool keep_disturbed) {
  return masked(t.warm_s, counted_mask(t, keep_disturbed, true));
}

double effective_parallelism(const timed_calls& t, bool keep_disturbed) {
  const auto mask = counted_mask(t, keep_disturbed, true);
  double cpu_s = 0, wall_s = 0;
  for (std::size_t i = 0; i < t.parallelism.size() && i < t.warm_s.size(); ++i)
    if (mask[i]) cpu_s += t.parallelism[i] * t.warm_s[i], wall_s += t.warm_s[i];
  return wall_s > 0 ? cpu_s / wall_s : 0;
}

} // namespace policybench
