// Units for durations: a column's unit from its smallest value, three significant figures.
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

// The smallest known, positive value; 0 when there is none.
double smallest_positive(std::span<const figure> seconds) {
  double smallest = 0;
  for (const figure s : seconds)
    if (s && *s > 0 && (smallest == 0 || *s < smallest)) smallest = *s;
  return smallest;
}

} // namespace

duration_format column_format(std::span<const figure> seconds) {
  const double smallest = smallest_positive(seconds);
  if (smallest == 0) return {};
  const unit u = unit_for(smallest);
  return column_format(seconds, {.unit = u.name, .seconds_per_unit = u.seconds, .decimals = 3});
}

duration_format column_format(std::span<const figure> seconds, const duration_format& unit) {
  const double smallest = smallest_positive(seconds);
  if (smallest == 0) return unit;
  // 1.23 -> 2 decimals, 12.3 -> 1, 123 -> 0; below 1 up to 3.
  const int digits_before = static_cast<int>(std::floor(std::log10(smallest / unit.seconds_per_unit)));
  return {
      .unit = unit.unit, .seconds_per_unit = unit.seconds_per_unit, .decimals = std::clamp(2 - digits_before, 0, 3)};
}

std::string format_duration(figure seconds, const duration_format& f) {
  if (!seconds) return "-";
  if (*seconds == 0) return "0";
  return fmt::format("{:.{}f}", *seconds / f.seconds_per_unit, f.decimals);
}

std::string duration_cell(figure seconds, figure like) {
  if (!seconds) return "-";
  const double reference = like && *like > 0 ? *like : *seconds;
  if (reference <= 0) return format_duration(seconds, {});
  const unit u = unit_for(reference);
  // 12.34 -> 2 decimals, 123.4 -> 1, below 10 three: an interval of 1% of its median still shows.
  const int digits_before = static_cast<int>(std::floor(std::log10(reference / u.seconds)));
  return format_duration(seconds, {.seconds_per_unit = u.seconds, .decimals = std::clamp(3 - digits_before, 0, 3)}) +
         " " + u.name;
}

std::string duration_text(double seconds) {
  const unit u = unit_for(seconds);
  return fmt::format("{:.3g} {}", seconds / u.seconds, u.name);
}

} // namespace policybench
