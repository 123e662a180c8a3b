// When a measurement's timed calls end (its stopping rule) and why they ended, as the report names it; and a request
// to end the run early (Ctrl-C): what makes calls checks it and ends with what it measured, so an interrupted run
// keeps its work.
#pragma once

#include "measure/enum_names.hpp"

#include <atomic>
#include <cstddef>
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

/// When timed calls end (stop_after, measure/timing.hpp): the user's request on the command line, and what the
/// schedule (harness/schedule.hpp) hands each measurement, the only place that sets a share of the run's time.
struct stopping_rule {
  int reps = 10; ///< timed warm calls counted; with min_time_s, max_noise or limit_s the most there may be
  /// The most timed calls made, disturbed ones included (an interleaved round's part of max_calls_made); 0: 3 x reps.
  std::size_t max_calls = 0;
  /// Seconds the counted calls should fill (sweeps); 0 = exactly `reps` counted calls.
  double min_time_s = 0;
  /// Counted calls until median_noise (measure/stats.hpp) is at most this fraction; 0 = off.
  double max_noise = 0;
  /// Wall seconds the calls may take, from the cold call on; 0 = no limit. At least one timed call is made.
  double limit_s = 0;
  /// What a stop at limit_s is named: timeout (--timeout, or a round's share of it) or budget (the schedule's share
  /// of the run's --budget), so that no stop is renamed after the fact.
  stop_reason limit = stop_reason::timeout;
};

/// Set by the command line's SIGINT handler (cli/write_report.hpp), hence a lock-free atomic: time_calls ends a row's
/// timed calls after the call in progress (stopped_by interrupted), the round and sweep loops start nothing more.
inline std::atomic<bool> interrupt_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

} // namespace policybench
