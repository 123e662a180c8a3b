// Seconds as a double on the steady clock, the unit of every figure: the one conversion every timer here uses.
#pragma once

#include <chrono>

namespace policybench {

using steady_clock = std::chrono::steady_clock;

inline double to_seconds(steady_clock::duration d) noexcept { return std::chrono::duration<double>(d).count(); }

/// Seconds from `start` to now (negative for a time point still ahead, such as a deadline).
inline double seconds_since(steady_clock::time_point start) noexcept { return to_seconds(steady_clock::now() - start); }

/// The time point `s` seconds from now (a budget's deadline).
inline steady_clock::time_point seconds_from_now(double s) {
  return steady_clock::now() + std::chrono::duration_cast<steady_clock::duration>(std::chrono::duration<double>(s));
}

} // namespace policybench
