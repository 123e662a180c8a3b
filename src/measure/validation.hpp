// Exact validation without a second copy: element i starts at i mod 1024 (so a wrong index shows), and after c calls
// of K increments equals that + c x K; and whether that stays exact for the calls one buffer can receive.
#pragma once

#include "measure/run_config.hpp"
#include "measure/timing.hpp"
#include "policybench/increment.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace policybench {

/// Element i's value after `increments` increments (calls x K); outside_exact_range refuses runs where it is inexact.
template <class T>
POLICYBENCH_HOST_DEVICE constexpr T expected_value(std::size_t i, std::uint64_t increments) noexcept {
  return static_cast<T>(i % 1024) + static_cast<T>(increments);
}

/// "element 12 is 3, expected 4": element i of n after `calls` calls of K = `work`.
template <class W, class T>
std::string describe_mismatch(std::size_t i, T actual, std::size_t n, std::uint64_t calls, int work) {
  return "element " + std::to_string(i) + " is " + std::to_string(actual) + ", expected " +
         std::to_string(W::template expected<T>(i, n, calls, work));
}

/// describe_mismatch of the first of out[0, n) that fails W's check; std::nullopt when every element passes.
template <class W, class T>
std::optional<std::string> check_output(const T* out, std::size_t n, std::uint64_t calls, int work) {
  const std::size_t i = first_wrong<W>(out, n, calls, work);
  if (i == n) return std::nullopt;
  return describe_mismatch<W>(i, out[i], n, calls, work);
}

/// The largest value up to which every integer is exact in the type (int64: signed overflow is undefined).
constexpr std::uint64_t exact_limit(element_type t) noexcept {
  // A switch, not visit_element_type's template lambda: nvcc warns (#445-D) on a template parameter used only in the
  // body, and the cuda preset builds with warnings as errors.
  switch (t) {
  case element_type::float32: return std::uint64_t(1) << 24;
  case element_type::float64: return std::uint64_t(1) << 53;
  case element_type::int32: return (std::uint64_t(1) << 31) - 1;
  case element_type::int64: break;
  }
  return (std::uint64_t(1) << 63) - 1;
}

/// Calls in the one event pair of a kernel time taken without the hold: the first launch's latency is then a tenth.
inline constexpr int unheld_batch_calls = 10;

/// Calls a device row makes per timed call: an unheld call, then a held one or a batch of unheld_batch_calls.
constexpr std::uint64_t device_calls_per_timed_call(const run_config& cfg) noexcept {
  return cfg.hold_stream ? 2 : 1 + unheld_batch_calls;
}

/// Calls one buffer can receive under cfg, whatever the policy (each interleaved round has a fresh array).
constexpr std::uint64_t max_calls_per_buffer(const run_config& cfg) noexcept {
  const std::uint64_t per_timed = device_calls_per_timed_call(cfg);
  const std::uint64_t timed = cfg.keep_disturbed ? std::uint64_t(std::max(cfg.stop.reps, 1)) : max_calls_made(cfg.stop);
  return 1 + std::uint64_t(cfg.warmup) + timed * per_timed;
}

/// Why `work` increments per call (given by `option`) would take 1023 + max_calls_per_buffer(cfg) x work beyond
/// exact_limit, as one line; nullopt when every value stays exact.
inline std::optional<std::string> outside_exact_range(const run_config& cfg, std::uint64_t work,
                                                      const std::string& option = "--work") {
  const std::uint64_t calls = max_calls_per_buffer(cfg), limit = exact_limit(cfg.type);
  if (work == 0 || calls <= (limit - 1023) / work) return std::nullopt;
  return option + " " + std::to_string(work) + ": with " + std::string(to_string(cfg.type)) +
         " an element could reach 1023 + " + std::to_string(calls) + " calls x " + std::to_string(work) + ", beyond " +
         std::to_string(limit) + " where the type stops being exact (calls: cold, warm-up, up to " +
         (cfg.keep_disturbed ? "--reps" : "3 x --reps") + " timed, each up to " +
         std::to_string(device_calls_per_timed_call(cfg)) + " device calls); lower " + option +
         " or --reps, or use --type float64";
}

} // namespace policybench
