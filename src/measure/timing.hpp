// How every policy is timed: one cold call, untimed warm-up calls, then timed warm calls on the host clock until
// a stopping criterion holds (a count, a time, the median's noise or a time limit), each timed call
// judged disturbed or not.
#pragma once

#include "measure/run_config.hpp"
#include "measure/seconds.hpp"
#include "measure/stats.hpp"
#include "measure/stopping.hpp"
#include "measure/thread_clocks.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

namespace policybench {

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
/// (thread_clocks.hpp); `made` and `made_s`: every timed call and their seconds; `elapsed_s`: wall seconds since the
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
