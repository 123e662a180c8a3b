// Units for durations: each value's unit from its size, four significant figures in a table cell.
#include "report/units.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace policybench {
namespace {

struct unit {
  const char* name = "s";
  double seconds = 1;
};
constexpr std::array units{unit{.name = "s", .seconds = 1}, unit{.name = "ms", .seconds = 1e-3},
                           unit{.name = "us", .seconds = 1e-6}, unit{.name = "ns", .seconds = 1e-9}};

// The largest unit in which `s` (> 0) is at least 1; ns for anything shorter.
unit unit_for(double s) {
  for (const auto& u : units)
    if (s >= u.seconds) return u;
  return units.back();
}

} // namespace

std::string duration_cell(figure seconds, figure like) {
  if (!seconds) return "-";
  const double reference = like && *like > 0 ? *like : *seconds;
  if (*seconds == 0 && reference <= 0) return "0";
  const unit u = unit_for(reference);
  // 12.34 -> 2 decimals, 123.4 -> 1, below 10 three: an interval of 1% of its median still shows.
  const int digits_before = static_cast<int>(std::floor(std::log10(reference / u.seconds)));
  return fmt::format("{:.{}f} {}", *seconds / u.seconds, std::clamp(3 - digits_before, 0, 3), u.name);
}

std::string duration_text(double seconds) {
  const unit u = unit_for(seconds);
  return fmt::format("{:.3g} {}", seconds / u.seconds, u.name);
}

} // namespace policybench
