// A figure a report may lack: a double that is either known or absent (null in JSON, '-' in the table).
#pragma once

namespace policybench {

/// A measured or derived figure, or none. Plain members, always initialized: std::optional<double> makes GCC 12
/// warn falsely (-Wmaybe-uninitialized) where such values are copied through aggregates.
class figure {
public:
  constexpr figure() noexcept = default;
  constexpr figure(double value) noexcept : value_(value), known_(true) {} // NOLINT: a number is a known figure
  constexpr bool known() const noexcept { return known_; }
  constexpr explicit operator bool() const noexcept { return known_; }
  /// The value; 0 when unknown (callers test known() first).
  constexpr double operator*() const noexcept { return value_; }
  constexpr bool operator==(const figure&) const noexcept = default;

private:
  double value_ = 0;
  bool known_ = false;
};

/// num / den when both are known and den > 0, else none: every ratio in a report (GB/s, speedups, shares).
constexpr figure ratio(figure num, figure den) noexcept {
  return num && den && *den > 0 ? figure(*num / *den) : figure();
}

/// `f` x `scale`, none stays none.
constexpr figure scaled(figure f, double scale) noexcept { return f ? figure(*f * scale) : figure(); }

} // namespace policybench
