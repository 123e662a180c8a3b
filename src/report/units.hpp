// Durations in the unit that keeps them readable, as nvbench prints them: per table column and per value.
#pragma once

#include "harness/figure.hpp"

#include <span>
#include <string>

namespace policybench {

/// How one table column prints durations: unit name, seconds per unit, decimals.
struct duration_format {
  const char* unit = "s";
  double seconds_per_unit = 1;
  int decimals = 3;
};

/// The format of a column holding `seconds`: the largest of s, ms, us and ns in which the smallest positive value
/// is at least 1 (ns below 1 ns), and decimals for three significant figures of that value (at most 3), so no
/// positive value prints as 0.000. Unknown and zero values do not count; with none left: s with 3 decimals.
duration_format column_format(std::span<const figure> seconds);

/// The same in a given unit (a table prints every duration in one unit, so that a row's figures compare): only
/// the decimals are chosen, for three significant figures of the smallest positive value, 0 to 3.
duration_format column_format(std::span<const figure> seconds, const duration_format& unit);

/// `seconds` in `f`, e.g. "12.35"; "-" when unknown, "0" for exactly 0.
std::string format_duration(figure seconds, const duration_format& f);

/// A table cell, as nvbench's markdown printer has them: `seconds` in its own unit (s, ms, us, ns) with four
/// significant figures (at most 3 decimals) and the unit, e.g. "3.335 us"; "-" when unknown, "0" for 0. With
/// `like`, in like's unit and decimals instead: an interval's half-width beside its median ("0.040 us", never
/// "40.000 ns" beside "3335 ns").
std::string duration_cell(figure seconds, figure like = figure());

/// One duration with its unit and three significant figures: 0.000012 -> "12.0 us".
std::string duration_text(double seconds);

} // namespace policybench
