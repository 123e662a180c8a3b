// How every stream is timed: a cold call, untimed warm-ups, then timed calls until the stopping rule holds, each judged
// from the process's threads (docs/measurement.md); and the one summary step every timing view goes through.
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
  double median_s = 0; ///< the quoted figure (for an even count the mean of the two middle values)
  double mean_s = 0;
  double stddev_s = 0; ///< sample standard deviation (divisor n - 1; 0 for one sample)
  double cv = 0;       ///< coefficient of variation, stddev_s / mean_s (0 when the mean is 0)
};

/// A confidence interval of the median: the order statistics [x(lower_rank), x(upper_rank)] (1-based) of the sorted
/// sample, and the coverage they attain (>= the level asked for: ranks are whole numbers). summarize_series may widen
/// lower_s and upper_s to what its rounds say a rerun moves: the ranks and confidence stay the calls' (a lower bound
/// on the coverage).
struct median_interval {
  double lower_s = 0;
  double upper_s = 0;
  std::size_t lower_rank = 0;
  std::size_t upper_rank = 0;
  double confidence = 0;
};

/// Distribution-free confidence interval of the median: with B ~ Binomial(n, 1/2), P(x(l) < median < x(n+1-l)) =
/// 1 - 2 P(B <= l-1), l the largest rank for which that is >= `level` (W. J. Conover, Practical Nonparametric
/// Statistics, 3rd ed. (1999), 3.2). std::nullopt when even [x(1), x(n)] covers less (at 95%: n < 6). Throws
/// std::invalid_argument unless 0 < level < 1.
std::optional<median_interval> median_confidence_interval(std::span<const double> samples_s, double level = 0.95);

/// One timing view's summary.
struct series_summary {
  sample_stats stats;
  std::optional<median_interval> interval; ///< none under 6 values
  std::vector<double> counted_s;           ///< in the order made
  double tick_s = 0; ///< the smallest gap between two distinct values (0: all equal), a bound on the clock's tick
};

/// The one summary step, for every timing view alike (Google Benchmark's ComputeStats): the values `counted` marks
/// (empty: all), in rounds that begin at `round_starts` (the first round's 0 left out). The interval is the calls'
/// median_confidence_interval widened to where a rerun's median falls: median +- t(R-1) s sqrt(2/R) for R > 1 rounds
/// whose medians' standard deviation is s, within the slowest and fastest round median (a round is what a rerun
/// repeats: docs/measurement.md, "Interleaved rounds"). nullopt when nothing is counted.
std::optional<series_summary> summarize_series(std::span<const double> values_s, const std::vector<bool>& counted = {},
                                               std::span<const std::size_t> round_starts = {});

/// The noise of a median (docs/measurement.md, "When a row stops"): its interval's half-width over the median, at
/// least half of tick_s, since a coarse clock's zero-width interval would meet any --max-noise while saying nothing.
/// std::nullopt without an interval, a positive median or two distinct values.
std::optional<double> median_noise(const series_summary& s);

/// Coefficient of variation above which a result is flagged as noisy (5%).
inline constexpr double noisy_cv = 0.05;

/// CPU seconds of every thread of this process so far, exited ones included, exact to the moment; 0 if unreadable.
double process_cpu_seconds() noexcept;

/// One reading of every thread of the process, at its midpoint.
struct thread_sample {
  std::chrono::steady_clock::time_point at;
  double cpu_s = 0;
  std::optional<double> waited_s; ///< the scheduler's run_delay over the live threads; nullopt without schedstat
};
thread_sample sample_threads() noexcept;

/// The disturbed-call rules (docs/measurement.md, "Disturbed calls"): a call whose threads waited for a CPU at least
/// disturbed_floor_s (a preemption costs a scheduler slice, a core's wake-up microseconds) and disturbed_share of it...
inline constexpr double disturbed_floor_s = 20e-6;
inline constexpr double disturbed_share = 0.02;
constexpr bool is_disturbed(double waited_s, double call_s) noexcept {
  return waited_s >= disturbed_floor_s && waited_s >= disturbed_share * call_s;
}

/// ... or a call that ran at a parallelism under short_of_threads_share of its `threads`: a worker that never got a
/// CPU waits in no run queue. Not judged under parallel_work_floor_bytes a call, where waking threads may outlast it.
inline constexpr double parallel_work_floor_bytes = 16e6;
inline constexpr double short_of_threads_share = 0.75;
constexpr bool is_short_of_threads(double parallelism, int threads) noexcept {
  return threads > 1 && parallelism < short_of_threads_share * threads;
}

inline std::size_t disturbed_calls(const timed_calls& t) {
  return std::size_t(std::count(t.disturbed.begin(), t.disturbed.end(), true));
}

inline bool disturbance_known(const timed_calls& t) { return !t.disturbed.empty(); }

/// The durations the stopping rule counts (kernel times on a device row), in order, disturbed calls out unless kept.
std::vector<double> stopping_samples(const timed_calls& t, bool keep_disturbed);

/// The fewest undisturbed calls that stand on their own for a row's statistics.
inline constexpr std::size_t min_counted_calls = 5;

/// A row's timing views of one timed_calls: each call's host-clock duration, or its kernel time (CUDA events).
enum class timing_view { host, kernel };

/// summarize_series of view `which` over t's rounds and the calls stopping_samples counts, or every call when fewer
/// than min_counted_calls are undisturbed and most were disturbed. nullopt when the view has no values.
std::optional<series_summary> summarize_view(const timed_calls& t, timing_view which, bool keep_disturbed);

/// Process CPU time over wall time of the counted calls: ~k for k busy threads, ~0 for calls that sleep.
double effective_parallelism(const timed_calls& t, bool keep_disturbed);

/// The fewest timed calls a time- or noise-driven row makes: a median needs a few samples to mean anything.
inline constexpr int min_timed_reps = 5;
/// The fewest timed calls a row capped at `max_reps` is promised (a sweep's heading, its warning): all where fewer.
constexpr int least_timed_reps(int max_reps) { return std::min(min_timed_reps, max_reps); }

/// What a device call returns to time_calls, whose own clock then only judges whether the call was disturbed.
struct call_times {
  double host_s = 0;
  double kernel_s = 0;
};

/// Why timed calls should end (checked in this order: max_noise, min_time, reps, the limit); std::nullopt: go on.
/// `counted_s`: stopping_samples; `made`, `made_s`: every timed call and their seconds.
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

/// Times `call` once cold, cfg.warmup times untimed, then timed until stop_after(cfg.stop) or Ctrl-C; the noise is
/// checked whenever the sample has grown by a tenth, and at the cap, so that sorting stays rare. `call` returns once
/// its work is complete; if it returns call_times, its kernel_s are kept and judged. Every thread is read around each
/// timed call, outside its clock, for its parallelism and whether it was disturbed.
template <class Call> timed_calls time_calls(const run_config& cfg, Call&& call) {
  const stopping_rule& rule = cfg.stop;
  timed_calls out;
  // A device call's own times; a host call has none, and its host seconds are the wall seconds around it.
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
  // Warm-ups stop at the time limit: a call of seconds (a long --work chain) would otherwise spend it several times.
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
