// Crossovers of a size or work sweep (the comparisons the README promises) and a work sweep's compute-bound K, per
// policy, from the report's typed rows.
#include "harness/crossover.hpp"

#include "harness/ceiling_rows.hpp"
#include "harness/roofline.hpp"
#include "policies/registry.hpp"

#include <algorithm>
#include <map>

namespace policybench {
namespace {

figure median(const result_row& r) { return r.median_s; }

// A GPU view's time (add_gpu_views, harness/results.cpp).
figure kernel_time(const result_row& r) { return r.gpu ? r.kernel.median_s : figure(); }
figure e2e_pageable(const result_row& r) { return r.gpu ? r.gpu->e2e_pageable_median_s : figure(); }
figure e2e_pinned(const result_row& r) { return r.gpu ? r.gpu->e2e_pinned_median_s : figure(); }

// The fastest point at each size (or K, by_work) among the ok policy rows on `device` (of `policy` only, unless
// empty), timed by `time`: a ceiling is what policies are set against, not one of them.
template <class Time>
std::vector<timing_point> best_per_size(std::span<const result_row> rows, side device, std::string_view policy,
                                        Time time, bool by_work) {
  std::map<std::uint64_t, timing_point> best;
  for (const auto& r : rows) {
    if (!is_policy(r) || r.status != row_status::ok || r.device != device || !time(r)) continue;
    if (!policy.empty() && r.policy != policy) continue;
    const timing_point p{
        .size = by_work ? std::uint64_t(work_of(r)) : r.size, .seconds = *time(r), .policy = r.policy, .row = &r};
    if (const auto it = best.find(p.size); it == best.end() || p.seconds < it->second.seconds) best[p.size] = p;
  }
  std::vector<timing_point> out;
  for (const auto& [size, p] : best)
    out.push_back(p);
  return out;
}

crossover_point point_at(std::uint64_t size, const std::vector<timing_point>& challenger,
                         const std::vector<timing_point>& baseline) {
  const auto at = [size](const std::vector<timing_point>& series) {
    return *std::find_if(series.begin(), series.end(), [size](const auto& p) { return p.size == size; });
  };
  const timing_point c = at(challenger), b = at(baseline);
  return {.size = size,
          .challenger_policy = c.policy,
          .challenger_s = c.seconds,
          .baseline_policy = b.policy,
          .baseline_s = b.seconds};
}

crossover compare(const char* key, std::string_view challenger_name, std::string_view baseline_name, const char* view,
                  const std::vector<timing_point>& challenger, const std::vector<timing_point>& baseline) {
  std::vector<std::uint64_t> common;
  for (const auto& c : challenger)
    if (std::any_of(baseline.begin(), baseline.end(), [&](const auto& b) { return b.size == c.size; }))
      common.push_back(c.size);
  crossover out{.key = key,
                .challenger = std::string(challenger_name),
                .baseline = std::string(baseline_name),
                .view = view,
                .sizes_compared = common.size(),
                .from_size = crossover_size(challenger, baseline)};
  if (out.from_size) out.at_from_size = point_at(*out.from_size, challenger, baseline);
  if (!common.empty()) out.at_largest_size = point_at(common.back(), challenger, baseline);
  return out;
}

} // namespace

std::optional<std::uint64_t> crossover_size(std::span<const timing_point> challenger,
                                            std::span<const timing_point> baseline) {
  std::map<std::uint64_t, bool> wins; // by size, ascending
  for (const auto& c : challenger)
    for (const auto& b : baseline)
      if (c.size == b.size) wins[c.size] = c.seconds < b.seconds;
  std::optional<std::uint64_t> from;
  for (auto it = wins.rbegin(); it != wins.rend() && it->second; ++it)
    from = it->first;
  return from;
}

std::vector<crossover> find_crossovers(std::span<const result_row> rows, bool by_work) {
  const auto best = [&](side device, std::string_view policy, auto time) {
    return best_per_size(rows, device, policy, time, by_work);
  };
  const auto best_cpu = best(side::host, "", median);
  const char* cpu = "the fastest CPU policy";
  const char* gpu = "the fastest GPU policy";
  std::vector<crossover> out{
      compare("par_unseq_vs_loop", challenger_policy, baseline_policy, "host-synchronous median",
              best(side::host, challenger_policy, median), best(side::host, baseline_policy, median)),
      compare("gpu_vs_cpu_kernel", gpu, cpu, "kernel time by CUDA events", best(side::device, "", kernel_time),
              best_cpu),
      compare("gpu_vs_cpu_end_to_end", gpu, cpu, "end to end from pageable memory, copies included",
              best(side::device, "", e2e_pageable), best_cpu),
      compare("gpu_vs_cpu_end_to_end_pinned", gpu, cpu, "end to end from pinned memory, copies included",
              best(side::device, "", e2e_pinned), best_cpu)};
  for (auto& c : out)
    c.axis = by_work ? "work" : "size";
  return out;
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
  std::vector<compute_bound_k> out;
  for (const auto& r : rows) {
    const auto seen = [&](const compute_bound_k& c) { return c.policy == r.policy; };
    if (!is_policy(r) || r.status != row_status::ok || std::any_of(out.begin(), out.end(), seen)) continue;
    const auto series = best_per_size(rows, r.device, r.policy, roofline_time_s, true);
    compute_bound_k c{.policy = r.policy, .from_work = compute_bound_from(series)};
    if (!series.empty()) {
      c.largest_work = series.back().size;
      c.gflop_per_s_at_largest = series.back().row->flops ? series.back().row->flops->gflop_per_s : figure();
    }
    out.push_back(c);
  }
  return out;
}

} // namespace policybench
