// Why a row's timed calls ended: the criterion that stopped them, as the report names it.
#pragma once

#include <string_view>

namespace policybench {

/// reps: the --reps count (or cap) was reached; min_time: --min-time of timed calls filled; max_noise: the median's
/// 95% confidence interval became narrow enough (median_noise <= --max-noise); timeout: --timeout ran out first;
/// budget: the row's share of the whole run's --budget ran out first.
enum class stop_reason { reps, min_time, max_noise, timeout, budget };

/// "reps", "min_time", "max_noise", "timeout", "budget": the report's words.
constexpr std::string_view to_string(stop_reason r) noexcept {
  switch (r) {
  case stop_reason::min_time: return "min_time";
  case stop_reason::max_noise: return "max_noise";
  case stop_reason::timeout: return "timeout";
  case stop_reason::budget: return "budget";
  case stop_reason::reps: break;
  }
  return "reps";
}

} // namespace policybench
