// Why a row's timed calls ended: the criterion that stopped them, as the report names it; and a request to end the
// run early (Ctrl-C): what makes calls checks it and ends with what it measured, so an interrupted run keeps its work.
#pragma once

#include "measure/enum_names.hpp"

#include <atomic>
#include <string_view>

namespace policybench {

/// reps: the --reps count (or cap) was reached; min_time: --min-time of timed calls filled; max_noise: the median's
/// 95% confidence interval became narrow enough (median_noise <= --max-noise); timeout: --timeout ran out first;
/// budget: the row's share of the whole run's --budget ran out first; interrupted: Ctrl-C ended the run
/// (interrupt_requested).
enum class stop_reason { reps, min_time, max_noise, timeout, budget, interrupted };

/// The report's words.
inline constexpr enum_name<stop_reason> stop_reason_names[] = {
    {stop_reason::reps, "reps"},       {stop_reason::min_time, "min_time"}, {stop_reason::max_noise, "max_noise"},
    {stop_reason::timeout, "timeout"}, {stop_reason::budget, "budget"},     {stop_reason::interrupted, "interrupted"}};
constexpr std::string_view to_string(stop_reason r) noexcept { return name_in(stop_reason_names, r); }

/// Set by the command line's SIGINT handler (cli/write_report.hpp), hence a lock-free atomic: time_calls ends a row's
/// timed calls after the call in progress (stopped_by interrupted), the round and sweep loops start nothing more.
inline std::atomic<bool> interrupt_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

} // namespace policybench
