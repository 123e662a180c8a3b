// Crossovers of a size sweep: the comparisons the README promises, computed from the report's rows.
#include "harness/crossover.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace policybench {
namespace {

using json = nlohmann::ordered_json;

// The fastest point at each size among the ok rows on `device` (of `policy` only, unless empty), timed by `field`.
std::vector<timing_point> best_per_size(const json& results, const std::string& device, const std::string& policy,
                                        const char* field) {
  std::map<std::uint64_t, timing_point> best;
  for (const auto& r : results) {
    if (r["status"] != "ok" || r["device"] != device || !r[field].is_number()) continue;
    if (!policy.empty() && r["policy"] != policy) continue;
    const timing_point p{r["size"].get<std::uint64_t>(), r[field].get<double>(), r["policy"].get<std::string>()};
    if (const auto it = best.find(p.size); it == best.end() || p.seconds < it->second.seconds) best[p.size] = p;
  }
  std::vector<timing_point> out;
  for (const auto& [size, p] : best) out.push_back(p);
  return out;
}

json point_at(std::uint64_t size, const std::vector<timing_point>& challenger, const std::vector<timing_point>& baseline) {
  const auto at = [size](const std::vector<timing_point>& series) {
    return *std::find_if(series.begin(), series.end(), [size](const auto& p) { return p.size == size; });
  };
  const timing_point c = at(challenger), b = at(baseline);
  return {{"size", size}, {"challenger_policy", c.policy}, {"challenger_s", c.seconds},
          {"baseline_policy", b.policy}, {"baseline_s", b.seconds}};
}

json crossover_json(const char* challenger_name, const char* baseline_name, const char* view,
                    const std::vector<timing_point>& challenger, const std::vector<timing_point>& baseline) {
  std::vector<std::uint64_t> common;
  for (const auto& c : challenger)
    if (std::any_of(baseline.begin(), baseline.end(), [&](const auto& b) { return b.size == c.size; }))
      common.push_back(c.size);
  const auto from = crossover_size(challenger, baseline);
  return {{"challenger", challenger_name},
          {"baseline", baseline_name},
          {"view", view},
          {"sizes_compared", common.size()},
          {"from_size", from ? json(*from) : json(nullptr)},
          {"at_from_size", from ? point_at(*from, challenger, baseline) : json(nullptr)},
          {"at_largest_size", common.empty() ? json(nullptr) : point_at(common.back(), challenger, baseline)}};
}

// 0.000012 -> "12.0 us": three significant figures in the unit that keeps the number between 1 and 1000.
std::string duration_text(double s) {
  if (s < 1e-3) return fmt::format("{:.3g} us", s * 1e6);
  if (s < 1) return fmt::format("{:.3g} ms", s * 1e3);
  return fmt::format("{:.3g} s", s);
}

std::string versus(const json& at) {
  return fmt::format("{} {} vs {} {}", at["challenger_policy"].get<std::string>(),
                     duration_text(at["challenger_s"].get<double>()), at["baseline_policy"].get<std::string>(),
                     duration_text(at["baseline_s"].get<double>()));
}

} // namespace

std::optional<std::uint64_t> crossover_size(std::span<const timing_point> challenger,
                                            std::span<const timing_point> baseline) {
  std::map<std::uint64_t, bool> wins; // by size, ascending
  for (const auto& c : challenger)
    for (const auto& b : baseline)
      if (c.size == b.size) wins[c.size] = c.seconds < b.seconds;
  std::optional<std::uint64_t> from;
  for (auto it = wins.rbegin(); it != wins.rend() && it->second; ++it) from = it->first;
  return from;
}

json crossovers_json(const json& results) {
  const auto best_cpu = best_per_size(results, "host", "", "median_s");
  const char* cpu = "the fastest CPU policy";
  const char* gpu = "the fastest GPU policy";
  return {{"par_unseq_vs_loop", crossover_json("std::par_unseq", "loop", "host-synchronous median",
                                               best_per_size(results, "host", "std::par_unseq", "median_s"),
                                               best_per_size(results, "host", "loop", "median_s"))},
          {"gpu_vs_cpu_kernel", crossover_json(gpu, cpu, "kernel time by CUDA events",
                                               best_per_size(results, "device", "", "kernel_median_s"), best_cpu)},
          {"gpu_vs_cpu_end_to_end",
           crossover_json(gpu, cpu, "end to end from pageable memory, copies included",
                          best_per_size(results, "device", "", "e2e_pageable_median_s"), best_cpu)},
          {"gpu_vs_cpu_end_to_end_pinned",
           crossover_json(gpu, cpu, "end to end from pinned memory, copies included",
                          best_per_size(results, "device", "", "e2e_pinned_median_s"), best_cpu)}};
}

std::vector<std::string> crossover_summary(const json& crossovers) {
  std::vector<std::string> out;
  for (const auto& [key, c] : crossovers.items()) {
    const std::string what = fmt::format("{} vs {} ({})", c["challenger"].get<std::string>(),
                                         c["baseline"].get<std::string>(), c["view"].get<std::string>());
    if (c["sizes_compared"] == 0) {
      out.push_back(what + ": not measured, no size where both ran");
      continue;
    }
    const std::string largest = fmt::format("at {} elements: {}", c["at_largest_size"]["size"].get<std::uint64_t>(),
                                            versus(c["at_largest_size"]));
    if (c["from_size"].is_null())
      out.push_back(what + ": never in this range, it is not faster at the largest size (" + largest + ")");
    else
      out.push_back(fmt::format("{}: faster from {} elements on, at every larger size measured ({}; {})", what, c["from_size"].get<std::uint64_t>(),
                                versus(c["at_from_size"]), largest));
  }
  return out;
}

} // namespace policybench
