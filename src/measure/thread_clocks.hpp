// The process's threads as the scheduler sees them: CPU time (effective parallelism, idle pools) and time spent
// waiting for a CPU while runnable (disturbed calls), both read exactly at the moment of the call; and which timed
// calls a row's figures count: disturbed calls are left out of the statistics and the stopping rule unless the run
// keeps them (--keep-disturbed).
#pragma once

#include "measure/run_config.hpp"
#include "measure/seconds.hpp"
#include "measure/stats.hpp"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <optional>
#include <vector>

namespace policybench {

/// CPU seconds of every thread of this process so far, exited ones included, up to the moment of the call; 0 if
/// the clock cannot be read.
double process_cpu_seconds() noexcept;

/// One reading of every thread of the process: when it was taken, their CPU time and the seconds they have spent
/// runnable but waiting for a CPU (the scheduler's run_delay), summed over the live threads.
struct thread_sample {
  std::chrono::steady_clock::time_point at; ///< the midpoint of the reading, which takes tens of microseconds
  double cpu_s = 0;                         ///< as process_cpu_seconds()
  /// From /proc/self/task/*/schedstat; nullopt where the kernel does not provide it (CONFIG_SCHED_INFO off).
  std::optional<double> waited_s;
};
thread_sample sample_threads() noexcept;

/// A timed call is disturbed when its threads together waited for a CPU at least this long: a preemption by other
/// work costs a scheduler slice (0.75-3 ms), the wake-up of an idle core here a few microseconds ...
inline constexpr double disturbed_floor_s = 20e-6;
/// ... and at least this share of the call's wall time: a 0.2 ms floor let waits that slowed 2 ms calls by 10%
/// pass as quiet (one busy loop beside a 2-thread row, measured here).
inline constexpr double disturbed_share = 0.02;

/// Whether a call of `call_s` seconds whose threads waited `waited_s` seconds for a CPU was disturbed.
constexpr bool is_disturbed(double waited_s, double call_s) noexcept {
  return waited_s >= disturbed_floor_s && waited_s >= disturbed_share * call_s;
}

/// Bytes per call (10^6 float64 in place; ~0.3 ms at 50 GB/s) under which effective parallelism is not judged:
/// waking the threads may then outlast the work, and a policy may rightly run small ranges on one thread.
inline constexpr double parallel_work_floor_bytes = 16e6;

/// A call that should keep `threads` threads busy is short of threads when its parallelism (CPU time / wall time)
/// stays under this share of them: a worker that never got a CPU while other work held it waits in no run queue,
/// so is_disturbed cannot see it, but the call lasts as long as the work it was left (one busy loop beside a
/// 2-thread oneTBB row: calls at parallelism 1.0-1.1, 1.2-1.4x slower, measured here).
inline constexpr double short_of_threads_share = 0.75;
constexpr bool is_short_of_threads(double parallelism, int threads) noexcept {
  return threads > 1 && parallelism < short_of_threads_share * threads;
}

/// One call judged from the readings around it: its parallelism (CPU time / the readings' wall time) and whether it
/// was disturbed (its threads waited for a CPU during its `call_s` seconds, or it kept fewer than `threads` busy);
/// `judged` is false where the kernel gives no wait times.
struct call_judgement {
  double parallelism = 0;
  bool disturbed = false;
  bool judged = false;
};
inline call_judgement judge_call(const thread_sample& before, const thread_sample& after, double call_s,
                                 int threads) noexcept {
  const double window_s = to_seconds(after.at - before.at);
  const double parallelism = window_s > 0 ? (after.cpu_s - before.cpu_s) / window_s : 0;
  const bool judged = before.waited_s && after.waited_s;
  return {.parallelism = parallelism,
          .disturbed = (judged && is_disturbed(*after.waited_s - *before.waited_s, call_s)) ||
                       is_short_of_threads(parallelism, threads),
          .judged = judged};
}

/// How many of t's timed calls were disturbed (0 when none could be judged).
inline std::size_t disturbed_calls(const timed_calls& t) {
  return std::size_t(std::count(t.disturbed.begin(), t.disturbed.end(), true));
}

/// Whether t's disturbed calls could be judged at all (the kernel gave wait times).
inline bool disturbance_known(const timed_calls& t) { return !t.disturbed.empty(); }

/// The durations the stopping rule counts: those the row reports (kernel times on a device row, else host-clock
/// times) of the undisturbed calls, in order (every call when `keep_disturbed` or none could be judged).
std::vector<double> stopping_samples(const timed_calls& t, bool keep_disturbed);

/// The fewest undisturbed calls that stand on their own for a row's statistics.
inline constexpr std::size_t min_counted_calls = 5;

/// The durations a row's statistics are computed from: stopping_samples, unless fewer than min_counted_calls of
/// them are undisturbed and most calls were disturbed: then every call (the row says that most were disturbed).
std::vector<double> counted_samples(const timed_calls& t, bool keep_disturbed);

/// A row's timing views of one timed_calls: each call's host-clock duration, or its kernel time (CUDA events).
enum class timing_view { host, kernel };

/// summarize_series (measure/stats.hpp) of view `which` of t, over the calls counted_samples counts and t's rounds;
/// nullopt when the view has no values (a host row's kernel view, a row that did not run).
std::optional<series_summary> summarize_view(const timed_calls& t, timing_view which, bool keep_disturbed);

/// Process CPU time over wall time of the counted calls, each call weighted by its duration: ~1 for one busy
/// thread, ~k for k busy threads, ~0 for calls that sleep or wait on a device without spinning. 0 without calls.
double effective_parallelism(const timed_calls& t, bool keep_disturbed);

} // namespace policybench
