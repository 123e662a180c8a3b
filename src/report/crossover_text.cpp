// The crossovers of a size sweep in words, with the times that decide each.
#include "report/report.hpp"

#include "report/units.hpp"

#include <fmt/format.h>

namespace policybench {
namespace {

std::string versus(const crossover_point& at) {
  return fmt::format("{} {} vs {} {}", at.challenger_policy, duration_text(at.challenger_s), at.baseline_policy,
                     duration_text(at.baseline_s));
}

} // namespace

std::vector<std::string> crossover_summary(const std::vector<crossover>& crossovers) {
  std::vector<std::string> out;
  for (const auto& c : crossovers) {
    const bool work = c.axis == "work"; // a work sweep's points are K, a size sweep's element counts
    const auto at = [&](std::uint64_t p) { return work ? fmt::format("K = {}", p) : fmt::format("{} elements", p); };
    const char* point = work ? "K" : "size";
    const std::string what = fmt::format("{} vs {} ({})", c.challenger, c.baseline, c.view);
    if (!c.at_largest_size) {
      out.push_back(fmt::format("{}: not measured, no {} where both ran", what, point));
      continue;
    }
    const std::string largest = fmt::format("at {}: {}", at(c.at_largest_size->size), versus(*c.at_largest_size));
    if (!c.from_size)
      out.push_back(
          fmt::format("{}: never in this range, it is not faster at the largest {} ({})", what, point, largest));
    else
      out.push_back(fmt::format("{}: faster from {} on, at every larger {} measured ({}; {})", what, at(*c.from_size),
                                point, versus(*c.at_from_size), largest));
  }
  return out;
}

std::vector<std::string> compute_bound_summary(const std::vector<compute_bound_k>& policies) {
  std::vector<std::string> out;
  for (const auto& c : policies) {
    const std::string at_largest =
        c.gflop_per_s_at_largest ? fmt::format("{:.3g} GFLOP/s at K = {}", *c.gflop_per_s_at_largest, c.largest_work)
                                 : fmt::format("K = {} measured", c.largest_work);
    out.push_back(c.from_work ? fmt::format("{}: compute-bound from K = {} on (its time more than twice its first "
                                            "point's, at every larger K); {}",
                                            c.policy, *c.from_work, at_largest)
                              : fmt::format("{}: memory-bound at every K measured; {}", c.policy, at_largest));
  }
  return out;
}

} // namespace policybench
