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
    const std::string what = fmt::format("{} vs {} ({})", c.challenger, c.baseline, c.view);
    if (!c.at_largest_size) {
      out.push_back(what + ": not measured, no size where both ran");
      continue;
    }
    const std::string largest = fmt::format("at {} elements: {}", c.at_largest_size->size, versus(*c.at_largest_size));
    if (!c.from_size)
      out.push_back(what + ": never in this range, it is not faster at the largest size (" + largest + ")");
    else
      out.push_back(fmt::format("{}: faster from {} elements on, at every larger size measured ({}; {})", what,
                                *c.from_size, versus(*c.at_from_size), largest));
  }
  return out;
}

} // namespace policybench
