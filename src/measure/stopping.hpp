// Why a row's timed calls ended: the criterion that stopped them, as the report names it.
#pragma once

#include "measure/enum_names.hpp"

#include <string_view>

namespace policybench {

/// reps: the --reps count (or cap) was reached; min_time: --min-time of timed calls filled; max_noise: the median's
/// 95% confidence interval became narrow enough (median_noise <= --max-noise); timeout: --timeout ran out first;
/// budget: the row's share of the whole run's --budget ran out first; interrupted: Ctrl-C ended the run
/// (measure/interrupt.hpp).
enum class stop_reason { reps, min_time, max_noise, timeout, budget, interrupted };

/// The report's words.
inline constexpr enum_name<stop_reason> stop_reason_names[] = {
    {stop_reason::reps, "reps"},       {stop_reason::min_time, "min_time"}, {stop_reason::max_noise, "max_noise"},
    {stop_reason::timeout, "timeout"}, {stop_reason::budget, "budget"},     {stop_reason::interrupted, "interrupted"}};
constexpr std::string_view to_string(stop_reason r) noexcept { return name_in(stop_reason_names, r); }

} // namespace policybench
