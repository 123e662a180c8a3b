// How every policy is timed: one cold call, untimed warm-up calls, then timed warm calls on the host clock.
#pragma once

#include "measure/run_config.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <type_traits>
#include <utility>

#include <sys/resource.h>

namespace policybench {

/// User + system CPU seconds of every thread of this process so far (getrusage RUSAGE_SELF); 0 if it fails.
inline double process_cpu_seconds() noexcept {
  rusage u{};
  if (::getrusage(RUSAGE_SELF, &u) != 0) return 0;
  const auto seconds = [](const timeval& t) { return double(t.tv_sec) + 1e-6 * double(t.tv_usec); };
  return seconds(u.ru_utime) + seconds(u.ru_stime);
}

/// The fewest timed calls a run with cfg.min_time_s > 0 makes: a median needs a few samples to mean anything.
inline constexpr int min_timed_reps = 5;

/// How many timed calls a run makes when one call is expected to take `estimate_s` seconds: cfg.reps when
/// cfg.min_time_s is 0; otherwise ceil(min_time_s / estimate_s) clamped to [min_timed_reps, cfg.reps]
/// (cfg.reps when cfg.reps is below min_timed_reps or the estimate is not positive).
inline int timed_reps(const run_config& cfg, double estimate_s) noexcept {
  if (cfg.min_time_s <= 0 || !(estimate_s > 0)) return cfg.reps;
  const double wanted = std::max(double(min_timed_reps), std::ceil(cfg.min_time_s / estimate_s));
  return wanted >= cfg.reps ? cfg.reps : static_cast<int>(wanted);
}

/// Times `call` 1 + cfg.warmup + timed_reps(cfg, estimate) times, the estimate being the fastest warm-up call
/// (the cold call when cfg.warmup is 0). `call` must return only once its work is complete (synchronize
/// streams inside it). If it returns a double, that is taken as its device-side duration in seconds
/// (CUDA events) and collected in kernel_s. Host-clock durations come from std::chrono::steady_clock, each started
/// after cfg.before_each_call returns; the process CPU time over the timed calls / their wall time gives
/// effective_parallelism.
template <class Call> timed_calls time_calls(const run_config& cfg, Call&& call) {
  using clock = std::chrono::steady_clock;
  constexpr bool reports_kernel_time = !std::is_void_v<std::invoke_result_t<Call&>>;
  const auto timed = [&] {
    if (cfg.before_each_call) cfg.before_each_call();
    const auto start = clock::now();
    std::optional<double> kernel_s;
    if constexpr (reports_kernel_time)
      kernel_s = call();
    else
      call();
    return std::pair{std::chrono::duration<double>(clock::now() - start).count(), kernel_s};
  };
  timed_calls out;
  out.cold_s = timed().first;
  double estimate_s = out.cold_s;
  for (int i = 0; i < cfg.warmup; ++i) {
    const double warmup_s = timed().first;
    estimate_s = i == 0 ? warmup_s : std::min(estimate_s, warmup_s);
  }
  const int reps = timed_reps(cfg, estimate_s);
  out.warm_s.reserve(std::size_t(reps));
  out.kernel_s.reserve(reports_kernel_time ? std::size_t(reps) : 0);
  const double cpu_start_s = process_cpu_seconds();
  const auto wall_start = clock::now();
  for (int i = 0; i < reps; ++i) {
    const auto [host_s, kernel_s] = timed();
    out.warm_s.push_back(host_s);
    if (kernel_s) out.kernel_s.push_back(*kernel_s);
  }
  const double wall_s = std::chrono::duration<double>(clock::now() - wall_start).count();
  if (wall_s > 0) out.effective_parallelism = (process_cpu_seconds() - cpu_start_s) / wall_s;
  out.calls = 1 + std::uint64_t(cfg.warmup) + std::uint64_t(reps);
  return out;
}

} // namespace policybench
