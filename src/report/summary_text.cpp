// The summary's words: one line on the winner and its ties, one on the speedup and the regime, and the JSON object.
#include "report/report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string>
#include <vector>

namespace policybench {
namespace {

// Why the probe decided nothing, from its own figures.
std::string unknown_text(const regime_report& r) {
  const std::size_t n = r.points.size();
  switch (r.why) {
  case unknown_reason::still_falling:
    return fmt::format("the in-place bandwidth had not stopped falling at the largest footprints probed ({}: {:.1f} "
                       "GB/s, {:.1f} at {})",
                       bytes_text(r.points[n - 1].bytes), r.points[n - 1].gb_per_s, r.points[n - 2].gb_per_s,
                       bytes_text(r.points[n - 2].bytes));
  case unknown_reason::array_point_noisy: {
    const auto at = std::ranges::find(r.points, r.array_bytes, &bandwidth_point::bytes);
    return fmt::format("the {} array streamed {:.1f} GB/s at its median, above the {:.1f} GB/s plateau, but its "
                       "interval reaches down to {:.1f} (a busy machine widens it)",
                       bytes_text(r.array_bytes), at->gb_per_s, *r.plateau_gb_per_s, at->low_gb_per_s);
  }
  case unknown_reason::no_cache_step:
    return fmt::format("the probe streamed {:.1f} GB/s at {}, inside the {} cache, no faster than past it ({:.1f} "
                       "GB/s): this stream is bound by its work per element, not by memory",
                       r.points.front().gb_per_s, bytes_text(r.points.front().bytes), bytes_text(r.llc_bytes),
                       *r.plateau_gb_per_s);
  case unknown_reason::top_in_cache:
    return fmt::format("the probe's largest footprint, {}, fits in the {} cache this host reports (a memory limit cut "
                       "it): a plateau there may be the cache's",
                       bytes_text(r.points.back().bytes), bytes_text(r.llc_bytes));
  case unknown_reason::disturbed:
    return "other work disturbed every call of the probe's footprints that decide (its threads waited for a CPU): a "
           "quieter machine tells";
  case unknown_reason::out_of_time:
    return fmt::format("the probe (largest footprint first) ran out of time at {} ({}), before it could tell for "
                       "the {} array (a busy machine slows it)",
                       bytes_text(r.points.front().bytes), count_of(n, "footprint"), bytes_text(r.array_bytes));
  default:
    if (r.unmapped_bytes)
      return fmt::format("the probe could not map its {} footprint (out of host memory: a limit on address space, "
                         "ulimit -v?), short of its largest, {}",
                         bytes_text(*r.unmapped_bytes), bytes_text(r.planned_top_bytes));
    return fmt::format("the probe did not reach its largest footprint, {} (its share of the run's time would not "
                       "hold it, or it did not map; a busy machine slows it)",
                       bytes_text(r.planned_top_bytes));
  }
}

std::string regime_text(const regime_report& r) {
  const auto at_array = std::ranges::find(r.points, r.array_bytes, &bandwidth_point::bytes);
  const std::string own =
      at_array == r.points.end() ? "" : fmt::format("{:.1f} GB/s at its size, ", at_array->gb_per_s);
  const std::string stream = r.stream_rule ? fmt::format("; STREAM's 4x rule on the reported {} cache says {}",
                                                         bytes_text(r.llc_bytes), *r.stream_rule)
                                           : "";
  const std::string array = bytes_text(r.array_bytes);
  if (r.regime == "unknown") return "regime: unknown: " + unknown_text(r) + stream;
  const std::string flat = fmt::format("{:.1f} GB/s within {:.0f}% from {} on", *r.plateau_gb_per_s, 100 * r.tolerance,
                                       bytes_text(*r.memory_from_bytes));
  if (r.regime == "memory")
    return fmt::format(
        "regime: memory: the {} array is where this host's in-place bandwidth has stopped falling ({}{}){}", array, own,
        flat, stream);
  return fmt::format("regime: CACHE, not memory: the {} array streams faster than this host's memory does ({}{}){}",
                     array, own, flat, stream);
}

// A speedup that cannot be judged, said of the rows it is about: loop itself, or the parallel row faster than loop at
// its median (harness/rules.cpp's reason opens with its name), which need not be the fastest row named above.
std::string unjudged_speedup_text(const std::string& why) {
  const auto has = why.rfind(" has ");
  if (has == std::string::npos) return "parallel speedup: - (" + why + ")"; // another wording: as it is
  const std::string who = why.substr(0, has);
  if (who == baseline_policy) return "parallel speedup: - (" + why + ": no row can be set apart from it)";
  return fmt::format("parallel speedup: - ({} is faster than {} at its median but{}; no parallel row with an interval "
                     "is apart from {}'s)",
                     who, baseline_policy, why.substr(who.size()), baseline_policy);
}

} // namespace

std::vector<std::string> summary_lines(const run_summary& s) {
  if (!s.fastest && !s.fastest_unjudged) return {};
  const std::string ties = s.tied_with_fastest.empty() ? "no other row's interval overlaps it"
                                                       : fmt::format("tied with it (intervals overlap, not ranked): {}",
                                                                     fmt::join(s.tied_with_fastest, ", "));
  std::string first = s.fastest_unjudged ? "fastest: - (" + *s.fastest_unjudged + ")"
                                         : fmt::format("fastest: {} (median {}, 95% interval {} to {}); {}", *s.fastest,
                                                       duration_cell(s.fastest_median_s),
                                                       duration_cell(s.fastest_low_s, s.fastest_median_s),
                                                       duration_cell(s.fastest_high_s, s.fastest_median_s), ties);
  std::string second =
      !s.loop_ran          ? "parallel speedup: - (no validated loop row)"
      : s.speedup_unjudged ? unjudged_speedup_text(*s.speedup_unjudged)
      : s.speedup
          ? fmt::format("parallel speedup: {:.2f}x over loop ({}, {})", s.speedup->speedup_vs_loop, s.speedup->policy,
                        s.speedup->policy == s.fastest ? "intervals apart"
                                                       : "the fastest parallel row whose interval is apart from loop's")
          : "parallel speedup: not shown (no parallel row's interval is apart from loop's: "
            "the intervals overlap, so a speedup read from the medians may be noise; a "
            "quieter machine or a longer run narrows them)";
  if (s.regime) second += "; " + regime_text(*s.regime);
  return {wrapped(first, 2), wrapped(second, 2)};
}

nlohmann::ordered_json summary_json(const run_summary& s) {
  using json = nlohmann::ordered_json;
  json out = json::object();
  POLICYBENCH_JSON_MEMBERS(out, s, fastest, fastest_median_s);
  out["fastest_interval_low_s"] = s.fastest_low_s, out["fastest_interval_high_s"] = s.fastest_high_s;
  out["tied_with_fastest"] = s.tied_with_fastest;
  out["parallel_speedup"] = nullptr;
  if (s.speedup)
    POLICYBENCH_JSON_MEMBERS(out["parallel_speedup"] = json::object(), *s.speedup, policy, speedup_vs_loop);
  out["loop_ran"] = s.loop_ran;
  out["regime"] = nullptr;
  if (!s.regime) return out;
  json& r = out["regime"] = json::object();
  POLICYBENCH_JSON_MEMBERS(r, *s.regime, regime);
  r["why"] = s.regime->regime == "unknown" ? json(unknown_text(*s.regime)) : json(nullptr);
  POLICYBENCH_JSON_MEMBERS(r, *s.regime, array_bytes, memory_from_bytes, plateau_gb_per_s, tolerance, stream_rule,
                           llc_bytes, planned_top_bytes, probe_s);
  r["points"] = POLICYBENCH_JSON_ARRAY(s.regime->points, bytes, gb_per_s, low_gb_per_s, high_gb_per_s);
  return out;
}

} // namespace policybench
