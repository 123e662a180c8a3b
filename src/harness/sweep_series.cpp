// The points of a sweep, as pure functions of the bounds and the memory there is.
#include "harness/sweep_plan.hpp"

#include <cmath>
#include <string>

namespace policybench {

size_series plan_size_series(std::uint64_t min_size, std::uint64_t max_size, std::size_t element_bytes,
                             const memory_limits& limits) {
  size_series out;
  for (int k = 0;; ++k) {
    // From min_size each time, not by repeated multiplication, so that rounding does not accumulate.
    const double scaled = std::round(double(min_size) * std::pow(10.0, k / 2.0));
    // The first point is min_size itself: 2^64 - 1 rounds up to 2^64 as a double, and must meet the memory check
    // (beyond the address space), not pass for a series that reached --max-size before it began.
    if (k > 0 && (scaled > double(max_size) || scaled >= 0x1p64)) {
      out.stop_reason = "reached --max-size " + std::to_string(max_size);
      return out;
    }
    const std::uint64_t size = k == 0 ? min_size : std::uint64_t(scaled);
    if (const auto shortfall = memory_shortfall(size, element_bytes, limits)) {
      out.stop_reason = *shortfall;
      return out;
    }
    out.sizes.push_back(size);
  }
}

std::string point_name(sweep_kind kind, std::uint64_t size, int threads, int work) {
  if (kind == sweep_kind::work) return "K = " + std::to_string(work);
  if (kind == sweep_kind::threads) return std::to_string(threads) + (threads == 1 ? " thread" : " threads");
  return std::to_string(size) + " elements";
}

std::vector<int> thread_series(int logical_cores) {
  std::vector<int> out{1};
  for (int t = 2; t < logical_cores; t *= 2)
    out.push_back(t);
  if (logical_cores > 1) out.push_back(logical_cores);
  return out;
}

std::vector<int> work_series(int min_work, int max_work) {
  std::vector<int> out{min_work};
  for (long long k = 1; k <= max_work; k *= 2)
    if (k > min_work) out.push_back(int(k));
  if (out.back() != max_work) out.push_back(max_work);
  return out;
}

} // namespace policybench
