// How every stream is timed: one cold call, untimed warm-up calls, then timed warm calls on the host clock until its
// stopping rule holds, each judged from the process's threads as the scheduler sees them at that moment (effective
// parallelism, disturbed calls: docs/measurement.md gives each rule's reason and measurements); and the one summary
// step every timing view goes through: what a result quotes (the median), how far a rerun may move it, how noisy it
// was.
#pragma once

#include "measure/run_config.hpp"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <numeric>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

namespace policybench {

struct sample_stats {
  double min_s = 0;    ///< fastest call
  double median_s = 0; ///< middle value (mean of the two middle values for an even count); the quoted figure
  double mean_s = 0;
  double stddev_s = 0; ///< sample standard deviation (divisor n - 1; 0 for one sample)
  double cv = 0;       ///< coefficient of variation, stddev_s / mean_s (0 when the mean is 0)
};

/// A confidence interval of the median: the order statistics [x(lower_rank), x(upper_rank)] of the sorted sample.
struct median_interval {
  double lower_s = 0;
  double upper_s = 0;
  std::size_t lower_rank = 0; ///< 1-based rank l in the sorted sample (of rounds' medians); upper_rank = n + 1 - l
  std::size_t upper_rank = 0;
  double confidence = 0; ///< the coverage actually attained, >= the level asked for (ranks are whole numbers)
};

/// Distribution-free confidence interval of the median (any continuous distribution, independent samples). With
/// B ~ Binomial(n, 1/2) the number of samples below the true median, P(x(l) < median < x(n+1-l)) = 1 - 2 P(B <= l-1);
/// l is the largest rank for which that is >= `level`. Source: W. J. Conover, Practical Nonparametric Statistics,
/// 3rd ed. (1999), section 3.2 (the quantile test's confidence interval); e.g. n = 10 gives ranks 2 and 9, n = 20
/// ranks 6 and 15, n = 100 ranks 40 and 61. std::nullopt when even [x(1), x(n)] covers less than `level` (at 95%:
/// n < 6). Throws std::invalid_argument unless 0 < level < 1.
std::optional<median_interval> median_confidence_interval(std::span<const double> samples_s, double level = 0.95);

/// One timing view's summary: the statistics of the values it counted (in the order made), the interval of their
/// median (none where too few values give one) and the smallest gap between two distinct values (0: all equal), a
/// bound on the clock's granularity.
struct series_summary {
  sample_stats stats;
  std::optional<median_interval> interval;
  std::vector<double> counted_s;
  double tick_s = 0;
};

/// The one summary step, for every timing view alike (host calls, kernel times, end to end, a rank's calls), as
/// Google Benchmark's ComputeStats is for every series: the values `counted` marks (one flag each; empty: all), in
/// rounds that begin at `round_starts` (ascending indices, the first round's 0 left out; empty: one round). nullopt
/// when nothing is counted. The interval: with two rounds or more, the calls' median_confidence_interval widened to
/// every round's median (a round is what a rerun repeats: docs/measurement.md); with one, the calls'. It always holds
/// the median.
std::optional<series_summary> summarize_series(std::span<const double> values_s, const std::vector<bool>& counted = {},
                                               std::span<const std::size_t> round_starts = {});

/// The noise of a summarized median: its interval's half-width relative to the median (nvbench's --max-noise idea,
/// with the distribution-free interval above), at least half of tick_s: durations quantized to a coarse clock would
/// otherwise give a zero-width interval that meets any --max-noise target while saying nothing. std::nullopt when
/// there is no interval (n < 6), the median is not positive, or every value is equal (no granularity to bound by).
std::optional<double> median_noise(const series_summary& s);

/// Coefficient of variation above which a result is flagged as noisy (5%).
inline constexpr double noisy_cv = 0.05;

/// CPU seconds of every thread of this process so far, exited ones included, up to the moment of the call; 0 if
/// the clock cannot be read.
double process_cpu_seconds() noexcept;

/// One reading of every thread of the process: when it was taken (its midpoint), their CPU time (as
/// process_cpu_seconds) and the seconds they have spent runnable but waiting for a CPU (the scheduler's run_delay,
/// summed over the live threads; nullopt where the kernel gives none, CONFIG_SCHED_INFO off).
struct thread_sample {
  std::chrono::steady_clock::time_point at;
  double cpu_s = 0;
  std::optional<double> waited_s;
};
thread_sample sample_threads() noexcept;

/// The disturbed-call rules (docs/measurement.md, "Disturbed calls"). A call of `call_s` seconds is disturbed when its
/// threads together waited `waited_s` for a CPU, at least disturbed_floor_s (a preemption costs a scheduler slice, an
/// idle core's wake-up a few microseconds) and at least disturbed_share of the call ...
inline constexpr double disturbed_floor_s = 20e-6;
inline constexpr double disturbed_share = 0.02;
constexpr bool is_disturbed(double waited_s, double call_s) noexcept {
  return waited_s >= disturbed_floor_s && waited_s >= disturbed_share * call_s;
}

/// ... or when a call that should keep `threads` threads busy ran at a parallelism (CPU time / wall time) under
/// short_of_threads_share of them: a worker that never got a CPU waits in no run queue. Not judged under
/// parallel_work_floor_bytes a call (host_measure.hpp), where waking the threads may outlast the work.
inline constexpr double parallel_work_floor_bytes = 16e6;
inline constexpr double short_of_threads_share = 0.75;
constexpr bool is_short_of_threads(double parallelism, int threads) noexcept {
  return threads > 1 && parallelism < short_of_threads_share * threads;
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

/// A row's timing views of one timed_calls: each call's host-clock duration, or its kernel time (CUDA events).
enum class timing_view { host, kernel };

/// summarize_series of view `which` of t, over t's rounds and the calls stopping_samples counts, unless fewer than
/// min_counted_calls of them are undisturbed and most calls were disturbed: then every call (the row says that most
/// were disturbed). nullopt when the view has no values (a host row's kernel view, a row that did not run).
std::optional<series_summary> summarize_view(const timed_calls& t, timing_view which, bool keep_disturbed);

/// Process CPU time over wall time of the counted calls, each call weighted by its duration: ~1 for one busy
/// thread, ~k for k busy threads, ~0 for calls that sleep or wait on a device without spinning. 0 without calls.
double effective_parallelism(const timed_calls& t, bool keep_disturbed);

/// The fewest timed calls a time- or noise-driven row makes: a median needs a few samples to mean anything.
inline constexpr int min_timed_reps = 5;

/// What a device call returns to time_calls: the host-synchronous seconds of a call it made unheld, timed by
/// itself (launch to synchronize), and the kernel seconds of a call timed with CUDA events (time_device_work,
/// measure/device_measure.cuh); time_calls then keeps these, its own clock only judging whether the call was disturbed.
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
    const auto noise = median_noise(*summarize_series(counted_s));
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
/// judged by the noise rule. Every thread is read around each timed call, outside its clock: its parallelism, and
/// whether it was disturbed (is_disturbed, or is_short_of_threads of cfg.call_threads).
template <class Call> timed_calls time_calls(const run_config& cfg, Call&& call) {
  const stopping_rule& rule = cfg.stop;
  timed_calls out;
  // One call: a device call's own times (its unheld call's host seconds, its kernel seconds); a host call has none,
  // and its host seconds are the wall seconds around it.
  const auto one_call = [&]() -> std::optional<call_times> {
    if constexpr (std::is_same_v<std::invoke_result_t<Call&>, call_times>) {
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
  std::vector<double> counted_s; // what the stopping rule counts, kept as the calls are made
  bool judged = true;            // every call's wait for a CPU could be read
  std::size_t next_noise_check = min_timed_reps;
  double made_s = 0;
  while (!interrupt_requested) {
    if (cfg.before_each_call) cfg.before_each_call();
    const thread_sample before = sample_threads();
    const auto start = steady_clock::now();
    const std::optional<call_times> own = one_call();
    const double wall_s = seconds_since(start), host_s = own ? own->host_s : wall_s;
    const thread_sample after = sample_threads();
    const double window_s = to_seconds(after.at - before.at);
    const double parallelism = window_s > 0 ? (after.cpu_s - before.cpu_s) / window_s : 0;
    const bool waits_read = before.waited_s && after.waited_s;
    judged = judged && waits_read;
    const bool disturbed = (waits_read && is_disturbed(*after.waited_s - *before.waited_s, wall_s)) ||
                           is_short_of_threads(parallelism, cfg.call_threads);
    out.warm_s.push_back(host_s);
    out.disturbed.push_back(disturbed);
    out.parallelism.push_back(parallelism);
    if (own) out.kernel_s.push_back(own->kernel_s);
    if (!disturbed || cfg.keep_disturbed) counted_s.push_back(own ? own->kernel_s : host_s);
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
