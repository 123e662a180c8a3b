// The points of a sweep, as pure functions of the bounds and the memory there is.
#include "harness/sweep_series.hpp"

#include <cmath>

namespace policybench {

size_series plan_size_series(std::uint64_t min_size, std::uint64_t max_size, std::size_t element_bytes,
                             const memory_limits& limits) {
  size_series out;
  for (int k = 0;; ++k) {
    // From min_size each time, not by repeated multiplication, so that rounding does not accumulate.
    const double size = std::round(double(min_size) * std::pow(10.0, k / 2.0));
    if (size > double(max_size) || size >= 0x1p64) {
      out.stop_reason = "reached --max-size " + std::to_string(max_size);
      return out;
    }
    if (const auto shortfall = memory_shortfall(std::uint64_t(size), element_bytes, limits)) {
      out.stop_reason = *shortfall;
      return out;
    }
    out.sizes.push_back(std::uint64_t(size));
  }
}

std::vector<int> thread_series(int logical_cores) {
  std::vector<int> out{1};
  for (int t = 2; t < logical_cores; t *= 2)
    out.push_back(t);
  if (logical_cores > 1) out.push_back(logical_cores);
  return out;
}

} // namespace policybench
