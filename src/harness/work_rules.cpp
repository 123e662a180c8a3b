// A work sweep's compute-bound rule, per policy, from the report's typed rows.
#include "harness/work_rules.hpp"

#include "harness/gpu_views.hpp"
#include "harness/roofline.hpp"

#include <algorithm>

namespace policybench {

figure roofline_time_s(const result_row& r) {
  const figure kernel = r.device == "device" ? extra_figure(r, gpu_view::kernel_median_s) : figure();
  return kernel ? kernel : r.median_s;
}

std::optional<std::uint64_t> compute_bound_from(std::span<const timing_point> series) {
  if (series.empty()) return std::nullopt;
  const auto first = std::min_element(series.begin(), series.end(),
                                      [](const timing_point& a, const timing_point& b) { return a.size < b.size; });
  // "Twice the first time" beats the series where the series is slower than it: crossover_size's rule, reversed.
  std::vector<timing_point> twice_first;
  for (const auto& p : series)
    twice_first.push_back({.size = p.size, .seconds = 2 * first->seconds, .policy = "twice the first"});
  return crossover_size(twice_first, series);
}

std::vector<compute_bound_k> find_compute_bound(std::span<const result_row> rows) {
  std::vector<std::string> policies;
  for (const auto& r : rows)
    if (r.status == row_status::ok && std::find(policies.begin(), policies.end(), r.policy) == policies.end())
      policies.push_back(r.policy);
  std::vector<compute_bound_k> out;
  for (const auto& policy : policies) {
    std::vector<timing_point> series;
    compute_bound_k c{.policy = policy};
    for (const auto& r : rows) {
      if (r.status != row_status::ok || r.policy != policy || !roofline_time_s(r)) continue;
      series.push_back({.size = std::uint64_t(work_of(r)), .seconds = *roofline_time_s(r), .policy = policy});
      if (series.back().size >= c.largest_work)
        c.largest_work = series.back().size, c.gflop_per_s_at_largest = extra_figure(r, "gflop_per_s");
    }
    c.from_work = compute_bound_from(series);
    out.push_back(c);
  }
  return out;
}

} // namespace policybench
