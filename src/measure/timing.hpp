// How every policy is timed: one cold call, untimed warm-up calls, then timed warm calls on the host clock until a
// stopping criterion holds (a count, a time, the median's noise or a time limit). Each timed call is judged from the
// process's threads as the scheduler sees them, read exactly at the moment of the call: CPU time (effective
// parallelism, idle pools) and time spent waiting for a CPU while runnable (disturbed calls). Disturbed calls are left
// out of a row's statistics and stopping rule unless the run keeps them (--keep-disturbed).
#pragma once

#include "measure/run_config.hpp"
#include "measure/stats.hpp"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <numeric>
#include <optional>
#include <span>
#include <type_traits>
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

/// The fewest timed calls a time- or noise-driven row makes: a median needs a few samples to mean anything.
inline constexpr int min_timed_reps = 5;

/// What a device call returns to time_calls: the host-synchronous seconds of a call it made unheld, timed by
/// itself (launch to synchronize), and the kernel seconds of a call timed with CUDA events.
struct call_times {
  double host_s = 0;
  double kernel_s = 0;
};

/// The most timed calls a row makes in all, disturbed ones included, when rule.reps undisturbed ones are asked for:
/// on a machine so busy that almost every call is disturbed, the row still ends (and says it was disturbed).
constexpr std::size_t max_calls_made(const stopping_rule& rule) noexcept {
  const auto cap = 3 * std::size_t(std::max(rule.reps, 1));
  return rule.max_calls > 0 ? std::min(cap, rule.max_calls) : cap;
}

/// Whether timed calls should end, and why (checked in this order: max_noise, min_time, reps, the limit, named as
/// the rule names it); std::nullopt: make another call. `counted_s`: the durations the stopping rule counts
/// (stopping_samples); `made` and `made_s`: every timed call and their seconds; `elapsed_s`: wall seconds since the
/// cold call began.
inline std::optional<stop_reason> stop_after(const stopping_rule& rule, std::span<const double> counted_s,
                                             std::size_t made, double made_s, double elapsed_s, bool check_noise) {
  const double timed_s = std::accumulate(counted_s.begin(), counted_s.end(), 0.0);
  const bool enough = counted_s.size() >= std::size_t(min_timed_reps) && timed_s >= rule.min_time_s;
  if (rule.max_noise > 0 && check_noise && enough) {
    const auto noise = median_noise(counted_s);
    if (noise && *noise <= rule.max_noise) return stop_reason::max_noise;
  }
  if (rule.max_noise <= 0 && rule.min_time_s > 0 && enough) return stop_reason::min_time;
  // Calls so often disturbed that the counted ones fill min_time slowly: the row ends at three times it, disturbed
  // calls included, as the count does at max_calls_made.
  if (rule.min_time_s > 0 && made >= std::size_t(min_timed_reps) && made_s >= 3 * rule.min_time_s)
    return stop_reason::min_time;
  if (counted_s.size() >= std::size_t(std::max(rule.reps, 1)) || made >= max_calls_made(rule)) return stop_reason::reps;
  if (rule.limit_s > 0 && elapsed_s >= rule.limit_s) return rule.limit;
  return std::nullopt;
}

/// Times `call` once cold, cfg.warmup times untimed, then timed until stop_after(cfg.stop) says why to stop (the
/// median's noise is checked whenever the sample has grown by a tenth, and at the cap, so that sorting stays rare) or
/// Ctrl-C (interrupt_requested, read before each call: none follows the call it arrived in, the cold call included).
/// `call` must return only once its work is complete. If it returns call_times, its kernel_s are collected and
/// judged by the noise rule. Around each timed call, outside its clock, every thread of the process is read: the CPU
/// time over the call's wall time is its parallelism, and a wait for a CPU (is_disturbed) or a parallelism short of
/// cfg.call_threads (is_short_of_threads) marks it disturbed.
template <class Call> timed_calls time_calls(const run_config& cfg, Call&& call) {
  constexpr bool reports_kernel_time = std::is_same_v<std::invoke_result_t<Call&>, call_times>;
  const stopping_rule& rule = cfg.stop;
  timed_calls out;
  // One call: a device call's own times (its unheld call's host seconds, its kernel seconds); a host call has none,
  // and its host seconds are the wall seconds around it.
  const auto one_call = [&]() -> std::optional<call_times> {
    if constexpr (reports_kernel_time) {
      return call();
    } else {
      call();
      return std::nullopt;
    }
  };
  const auto untimed = [&] {
    if (cfg.before_each_call) cfg.before_each_call();
    const auto start = steady_clock::now();
    const auto own = one_call();
    return own ? own->host_s : seconds_since(start);
  };
  const auto first_start = steady_clock::now();
  out.cold_s = untimed();
  // Warm-ups stop once the measurement's time limit is spent: a call of seconds (a long --work chain) would otherwise
  // spend the run's time several times over before the one timed call.
  int warmups = 0;
  for (; warmups < cfg.warmup && !interrupt_requested &&
         !(rule.limit_s > 0 && seconds_since(first_start) >= rule.limit_s);
       ++warmups)
    untimed();
  const bool open_ended = rule.min_time_s > 0 || rule.max_noise > 0; // the cap may be far above what is made
  out.warm_s.reserve(std::size_t(open_ended ? std::min(rule.reps, 1000) : rule.reps));
  std::vector<double> counted_s; // what the stopping rule counts, kept as the calls are made
  bool judged = true;            // every call's wait for a CPU could be read
  std::size_t next_noise_check = min_timed_reps;
  double made_s = 0;
  // Ctrl-C is read before each timed call too: a request made during the cold call (or a warm-up) of a long chain
  // must not start another call of the same length.
  while (!interrupt_requested) {
    if (cfg.before_each_call) cfg.before_each_call();
    const thread_sample before = sample_threads();
    const auto start = steady_clock::now();
    const std::optional<call_times> own = one_call();
    const double wall_s = seconds_since(start), host_s = own ? own->host_s : wall_s;
    const call_judgement j = judge_call(before, sample_threads(), wall_s, cfg.call_threads);
    judged = judged && j.judged;
    out.warm_s.push_back(host_s);
    out.disturbed.push_back(j.disturbed);
    out.parallelism.push_back(j.parallelism);
    if (own) out.kernel_s.push_back(own->kernel_s);
    if (!j.disturbed || cfg.keep_disturbed) counted_s.push_back(own ? own->kernel_s : host_s);
    const std::size_t n = counted_s.size();
    const bool check_noise = n >= next_noise_check || n >= std::size_t(rule.reps);
    if (check_noise) next_noise_check = n + std::max<std::size_t>(1, n / 10);
    made_s += host_s;
    if (const auto why =
            stop_after(rule, counted_s, out.warm_s.size(), made_s, seconds_since(first_start), check_noise)) {
      out.stopped_by = *why;
      break;
    }
  }
  if (interrupt_requested) out.stopped_by = stop_reason::interrupted;
  if (!judged) out.disturbed.clear(); // unknown, not "none"
  out.elapsed_s = seconds_since(first_start);
  out.calls = 1 + std::uint64_t(warmups) + std::uint64_t(out.warm_s.size());
  return out;
}

} // namespace policybench
