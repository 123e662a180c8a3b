// How every policy is timed: one cold call, untimed warm-up calls, then timed warm calls on the host clock until
// a stopping criterion holds (a count, a time, the median's noise, a timeout).
#pragma once

#include "measure/run_config.hpp"
#include "measure/stats.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>

namespace policybench {

/// CPU seconds of every thread of this process so far, exited ones included, up to the moment of the call
/// (measure/process_cpu.cpp says why not getrusage); 0 if the clock cannot be read.
double process_cpu_seconds() noexcept;

/// The fewest timed calls a time- or noise-driven row makes: a median needs a few samples to mean anything.
inline constexpr int min_timed_reps = 5;

/// The samples a row's figure and its stopping rule are taken from: the kernel times where there are any (device
/// rows), else the host-clock times.
inline std::span<const double> reported_samples(const timed_calls& t) noexcept {
  return t.kernel_s.empty() ? std::span<const double>(t.warm_s) : std::span<const double>(t.kernel_s);
}

/// What a device call returns to time_calls: the host-synchronous seconds of a call it made unheld, timed by
/// itself (launch to synchronize), and the kernel seconds of a call timed with CUDA events.
struct call_times {
  double host_s = 0;
  double kernel_s = 0;
};

/// Whether timed calls should end after the n = samples_s.size() made so far (timed_s: their sum; elapsed_s: wall
/// seconds since the cold call began), and why. Checked in this order: max_noise (cfg.max_noise > 0 and
/// check_noise: n >= min_timed_reps, timed_s >= cfg.min_time_s, median_noise <= cfg.max_noise); min_time
/// (cfg.max_noise 0, cfg.min_time_s > 0: n >= min_timed_reps and timed_s >= cfg.min_time_s); reps (n >=
/// cfg.reps); timeout (cfg.timeout_s > 0 and elapsed_s >= it). std::nullopt: make another call.
inline std::optional<stop_reason> stop_after(const run_config& cfg, std::span<const double> samples_s, double timed_s,
                                             double elapsed_s, bool check_noise) {
  const bool enough = samples_s.size() >= std::size_t(min_timed_reps) && timed_s >= cfg.min_time_s;
  if (cfg.max_noise > 0 && check_noise && enough) {
    const auto noise = median_noise(samples_s);
    if (noise && *noise <= cfg.max_noise) return stop_reason::max_noise;
  }
  if (cfg.max_noise <= 0 && cfg.min_time_s > 0 && enough) return stop_reason::min_time;
  if (samples_s.size() >= std::size_t(std::max(cfg.reps, 1))) return stop_reason::reps;
  if (cfg.timeout_s > 0 && elapsed_s >= cfg.timeout_s) return stop_reason::timeout;
  return std::nullopt;
}

/// Times `call` once cold, cfg.warmup times untimed, then timed until stop_after says why to stop (the median's
/// noise is checked whenever the sample has grown by a tenth, and at the cap, so that sorting stays rare).
/// `call` must return only once its work is complete (synchronize streams inside it). If it returns call_times, its
/// host_s is the call's host-clock duration and its kernel_s is collected in kernel_s, and the noise rule judges the
/// kernel times. Otherwise host-clock durations come from std::chrono::steady_clock, each started after
/// cfg.before_each_call returns; the process CPU time over the timed calls / their wall time gives
/// effective_parallelism.
template <class Call> timed_calls time_calls(const run_config& cfg, Call&& call) {
  using clock = std::chrono::steady_clock;
  constexpr bool reports_kernel_time = std::is_same_v<std::invoke_result_t<Call&>, call_times>;
  const auto since = [](clock::time_point t) { return std::chrono::duration<double>(clock::now() - t).count(); };
  const auto timed = [&] {
    if (cfg.before_each_call) cfg.before_each_call();
    if constexpr (reports_kernel_time) {
      const call_times t = call();
      return std::pair{t.host_s, std::optional(t.kernel_s)};
    } else {
      const auto start = clock::now();
      call();
      return std::pair{since(start), std::optional<double>()};
    }
  };
  timed_calls out;
  const auto first_start = clock::now();
  out.cold_s = timed().first;
  for (int i = 0; i < cfg.warmup; ++i)
    timed();
  const bool open_ended = cfg.min_time_s > 0 || cfg.max_noise > 0; // the cap may be far above what is made
  out.warm_s.reserve(std::size_t(open_ended ? std::min(cfg.reps, 1000) : cfg.reps));
  // The CPU clock takes tens of microseconds to read (every thread's clock), against calls that may be shorter:
  // each reading is dated at the midpoint of two wall-clock readings around it.
  const auto cpu_now = [] {
    const auto before = clock::now();
    const double cpu_s = process_cpu_seconds();
    return std::pair{before + (clock::now() - before) / 2, cpu_s};
  };
  const auto [wall_start, cpu_start_s] = cpu_now();
  double timed_s = 0;
  std::size_t next_noise_check = min_timed_reps;
  for (;;) {
    const auto [host_s, kernel_s] = timed();
    out.warm_s.push_back(host_s);
    if (kernel_s) out.kernel_s.push_back(*kernel_s);
    timed_s += host_s;
    const std::size_t n = out.warm_s.size();
    const bool check_noise = n >= next_noise_check || n >= std::size_t(cfg.reps);
    if (check_noise) next_noise_check = n + std::max<std::size_t>(1, n / 10);
    if (const auto why = stop_after(cfg, reported_samples(out), timed_s, since(first_start), check_noise)) {
      out.stopped_by = *why;
      break;
    }
  }
  const auto [wall_end, cpu_end_s] = cpu_now();
  const double wall_s = std::chrono::duration<double>(wall_end - wall_start).count();
  if (wall_s > 0) out.effective_parallelism = (cpu_end_s - cpu_start_s) / wall_s;
  out.elapsed_s = since(first_start);
  out.calls = 1 + std::uint64_t(cfg.warmup) + std::uint64_t(out.warm_s.size());
  return out;
}

} // namespace policybench
