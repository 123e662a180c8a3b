// How every policy is timed: one cold call, untimed warm-up calls, then timed warm calls on the host clock.
#pragma once

#include "policybench/policy.hpp"

#include <chrono>
#include <optional>
#include <type_traits>
#include <utility>

namespace policybench {

/// Times `call` 1 + warmup + reps times. `call` must return only once its work is complete (synchronize
/// streams inside it). If it returns a double, that is taken as its device-side duration in seconds
/// (CUDA events) and collected in kernel_s. Host-clock durations come from std::chrono::steady_clock.
template <class Call> timed_calls time_calls(int warmup, int reps, Call&& call) {
  using clock = std::chrono::steady_clock;
  constexpr bool reports_kernel_time = !std::is_void_v<std::invoke_result_t<Call&>>;
  const auto timed = [&] {
    const auto start = clock::now();
    std::optional<double> kernel_s;
    if constexpr (reports_kernel_time) kernel_s = call();
    else call();
    return std::pair{std::chrono::duration<double>(clock::now() - start).count(), kernel_s};
  };
  timed_calls out;
  out.warm_s.reserve(std::size_t(reps));
  out.kernel_s.reserve(reports_kernel_time ? std::size_t(reps) : 0);
  out.cold_s = timed().first;
  for (int i = 0; i < warmup; ++i) timed();
  for (int i = 0; i < reps; ++i) {
    const auto [host_s, kernel_s] = timed();
    out.warm_s.push_back(host_s);
    if (kernel_s) out.kernel_s.push_back(*kernel_s);
  }
  return out;
}

} // namespace policybench
