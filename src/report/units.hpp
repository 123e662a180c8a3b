// Durations in the unit that keeps them readable, as nvbench prints them: each value in its own unit.
#pragma once

#include "harness/figure.hpp"

#include <string>

namespace policybench {

/// A table cell, as nvbench's markdown printer has them: `seconds` in its own unit (the largest of s, ms, us and ns
/// in which it is at least 1; ns below 1 ns) with four significant figures (at most 3 decimals) and the unit, e.g.
/// "3.335 us"; "-" when unknown, "0" for 0. With `like` (> 0), in like's unit and decimals instead: an interval's
/// half-width beside its median ("0.040 us", never "40.000 ns" beside "3335 ns").
std::string duration_cell(figure seconds, figure like = figure());

/// One duration with its unit and three significant figures: 0.000012 -> "12.0 us".
std::string duration_text(double seconds);

} // namespace policybench
