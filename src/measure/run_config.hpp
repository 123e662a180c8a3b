// What one measurement is asked to do (run_config) and what it returns (timed_calls, measurement), in seconds, their
// vocabulary and exact validation. Plain C++: the harness reaches CUDA code only through these types.
#pragma once

#include "policybench/increment.hpp"
#include "policybench/workloads.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace policybench {

/// Seconds as a double on the steady clock, the unit of every figure.
using steady_clock = std::chrono::steady_clock;

inline double to_seconds(steady_clock::duration d) noexcept { return std::chrono::duration<double>(d).count(); }

/// Negative for a time point still ahead, such as a deadline.
inline double seconds_since(steady_clock::time_point start) noexcept { return to_seconds(steady_clock::now() - start); }

inline steady_clock::time_point seconds_from_now(double s) {
  return steady_clock::now() + std::chrono::duration_cast<steady_clock::duration>(std::chrono::duration<double>(s));
}

/// One table of names per enum: its to_string, its parse and the command line's choices read it.
template <class E> struct enum_name {
  E value;
  std::string_view name;
};

/// "?" for a value the table lacks.
template <class E, std::size_t N> constexpr std::string_view name_in(const enum_name<E> (&table)[N], E value) noexcept {
  for (const auto& e : table)
    if (e.value == value) return e.name;
  return "?";
}

template <class E, std::size_t N>
constexpr std::optional<E> parse_in(const enum_name<E> (&table)[N], std::string_view name) noexcept {
  for (const auto& e : table)
    if (e.name == name) return e.value;
  return std::nullopt;
}

/// The element types a run can use, chosen at run time and dispatched to compile-time types.
enum class element_type { float32, float64, int32, int64 };
inline constexpr enum_name<element_type> element_type_names[] = {{element_type::float32, "float32"},
                                                                 {element_type::float64, "float64"},
                                                                 {element_type::int32, "int32"},
                                                                 {element_type::int64, "int64"}};
constexpr std::string_view to_string(element_type t) noexcept { return name_in(element_type_names, t); }

template <class T> constexpr element_type element_type_of = element_type::float32;
template <> inline constexpr element_type element_type_of<double> = element_type::float64;
template <> inline constexpr element_type element_type_of<std::int32_t> = element_type::int32;
template <> inline constexpr element_type element_type_of<std::int64_t> = element_type::int64;

/// Calls f.template operator()<T>() with T the C++ type of t (float, double, std::int32_t, std::int64_t).
template <class F> constexpr decltype(auto) visit_element_type(element_type t, F&& f) {
  switch (t) {
  case element_type::float32: return f.template operator()<float>();
  case element_type::float64: return f.template operator()<double>();
  case element_type::int32: return f.template operator()<std::int32_t>();
  case element_type::int64: break;
  }
  return f.template operator()<std::int64_t>();
}

// Host code only: nvcc warns (#445-D) on a template lambda whose parameter only its body uses, and no .cu needs it.
#if !defined(__CUDACC__)
constexpr bool supports(workload_id w, element_type t) {
  return visit_workload(w, [t](auto workload) {
    using W = decltype(workload);
    return visit_element_type(t, []<class T>() { return W::template supports<T>; });
  });
}
#endif

/// Calls f(W{}, T{}) for workload `w` and the C++ type of `t`; throws for a pair W does not support.
template <class F> auto visit_workload_and_type(workload_id w, element_type t, F&& f) {
  using result = decltype(f(increment_workload{}, double{})); // every pair's: the increment runs on every type
  return visit_workload(w, [&](auto workload) {
    using W = decltype(workload);
    return visit_element_type(t, [&]<class T>() -> result {
      if constexpr (W::template supports<T>)
        return f(W{}, T{});
      else
        throw std::invalid_argument("workload " + std::string(to_string(w)) + " does not run on " +
                                    std::string(to_string(t)));
    });
  });
}

constexpr std::size_t size_of(element_type t) noexcept {
  return t == element_type::float32 || t == element_type::int32 ? 4 : 8;
}

/// Host arrays' placement (docs/measurement.md, "Placement").
enum class page_size { huge, small };
enum class first_touch_mode { parallel, serial };

/// The threads a host policy runs its call on, and so the threads its array's first touch uses.
enum class host_threading { one_thread, tbb, openmp };

inline constexpr enum_name<page_size> page_size_names[] = {{page_size::huge, "huge"}, {page_size::small, "small"}};
inline constexpr enum_name<first_touch_mode> first_touch_names[] = {{first_touch_mode::parallel, "parallel"},
                                                                    {first_touch_mode::serial, "serial"}};
inline constexpr enum_name<host_threading> host_threading_names[] = {
    {host_threading::one_thread, "one thread"}, {host_threading::tbb, "oneTBB"}, {host_threading::openmp, "OpenMP"}};
constexpr std::string_view to_string(page_size p) noexcept { return name_in(page_size_names, p); }
constexpr std::string_view to_string(first_touch_mode t) noexcept { return name_in(first_touch_names, t); }
constexpr std::string_view to_string(host_threading t) noexcept { return name_in(host_threading_names, t); }

/// Why a row's timed calls ended, its `stopped_by` (docs/measurement.md, "When a row stops").
enum class stop_reason { reps, min_time, max_noise, timeout, budget, interrupted };
inline constexpr enum_name<stop_reason> stop_reason_names[] = {
    {stop_reason::reps, "reps"},       {stop_reason::min_time, "min_time"}, {stop_reason::max_noise, "max_noise"},
    {stop_reason::timeout, "timeout"}, {stop_reason::budget, "budget"},     {stop_reason::interrupted, "interrupted"}};
constexpr std::string_view to_string(stop_reason r) noexcept { return name_in(stop_reason_names, r); }

/// When timed calls end (stop_after, measure/timing.hpp): the command line's request, or what the schedule
/// (harness/schedule.hpp), the only owner of the run's time, hands one measurement.
struct stopping_rule {
  int reps = 10;             ///< timed warm calls counted; with min_time_s, max_noise or limit_s the most there may be
  std::size_t max_calls = 0; ///< the most timed calls made, disturbed ones included; 0: 3 x reps
  double min_time_s = 0;     ///< seconds the counted calls should fill; 0 = exactly `reps` counted calls
  double max_noise = 0;      ///< counted calls until median_noise is at most this fraction; 0 = off
  double limit_s = 0; ///< wall seconds the calls may take from the cold call on; 0 = none. One timed call is made.
  /// What a stop at limit_s is named (timeout or budget), so that no stop is renamed after the fact.
  stop_reason limit = stop_reason::timeout;
};

/// The most timed calls a row makes, disturbed ones included, so that a row ends on a machine where most calls are.
constexpr std::size_t max_calls_made(const stopping_rule& rule) noexcept {
  const auto cap = 3 * std::size_t(std::max(rule.reps, 1));
  return rule.max_calls > 0 ? std::min(cap, rule.max_calls) : cap;
}

/// Ctrl-C (set by cli/write_report.hpp's signal handler): time_calls ends a row after the call in progress, the round
/// and sweep loops start nothing more, and the run keeps what it measured.
inline std::atomic<bool> interrupt_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

/// Device memory exhausted: plain C++, so the harness catches it without CUDA headers, and a std::bad_alloc.
struct device_out_of_memory : std::bad_alloc {
  explicit device_out_of_memory(std::string text) : message(std::move(text)) {}
  const char* what() const noexcept override { return message.c_str(); }
  std::string message;
};

/// One run's workload: `size` elements of `type`, 1 (cold) + warmup + timed calls of `workload`.
struct run_config {
  element_type type = element_type::float64;
  std::size_t size = 10'000'000; ///< element count
  int warmup = 3;                ///< untimed calls after the cold call
  stopping_rule stop = {};       ///< the one member that is not the workload's
  bool keep_disturbed = false;   ///< disturbed calls count in the statistics and the stopping rule
  /// Device runs: seconds of GPU work before the policy's first call (wake_gpu says why).
  double device_warmup_s = 0.1;
  /// Device rows: kernel time behind a held stream, or around a batch of calls (false: for sanitizers and profilers
  /// that serialize every launch, where a held stream would spin to its timeout).
  bool hold_stream = true;
  bool end_to_end = true;            ///< device rows: also the end-to-end views from pageable and pinned host memory
  page_size pages = page_size::huge; ///< host arrays' pages (measure/host_measure.hpp)
  first_touch_mode first_touch = first_touch_mode::parallel; ///< which threads place the host arrays' pages
  /// Called before each call's clock starts: policybench-mpi's barrier, so that every rank starts each call together.
  std::function<void()> before_each_call = nullptr;
  int call_threads = 0; ///< host calls: the threads a call should keep busy, else it is disturbed; 0: not judged
  int work = 1;         ///< K (--work): increments each call adds per element (policybench/increment.hpp)
  /// What each call computes (--workload); last, so that positional initializers stay valid.
  workload_id workload = workload_id::increment;
  /// Bytes one call moves: every input read, the output written (STREAM's counting).
  double bytes_per_call() const noexcept {
    const int inputs = visit_workload(workload, [](auto w) { return decltype(w)::inputs; });
    return double(size) * stream_bytes_per_element(inputs, size_of(type));
  }
  /// The distinct arrays a call touches, each `size` elements: the inputs, and the output unless it is the first.
  int arrays() const noexcept {
    return visit_workload(workload, [](auto w) { return decltype(w)::inputs + !decltype(w)::in_place; });
  }
  /// The working set STREAM's 4x rule sets against a cache.
  std::uint64_t working_set_bytes() const noexcept { return std::uint64_t(arrays()) * size * size_of(type); }
};

/// Durations in seconds of one sequence of calls on one buffer.
struct timed_calls {
  double cold_s = 0;          ///< the first call on the buffer, never part of warm statistics (docs/measurement.md)
  std::vector<double> warm_s; ///< one host-clock duration per timed call, each call complete when timing stops
  std::vector<bool> disturbed = {};     ///< per warm_s entry (time_calls); empty when no call could be judged
  std::vector<double> parallelism = {}; ///< per warm_s entry: process CPU time / the call's wall time
  /// One CUDA-event duration per timed call (warm_s: a separate unheld call's); empty on the host, or no_kernel_time.
  std::vector<double> kernel_s;
  /// Interleaved runs: the index in warm_s of each round's first call after the first round, each round on a fresh
  /// array, so that a row's interval can include what a rerun moves (summarize_series).
  std::vector<std::size_t> round_starts = {};
  std::uint64_t calls = 0; ///< calls the buffer received (what validation expects): cold + warm-up + timed on the host
  stop_reason stopped_by = stop_reason::reps; ///< the criterion that ended the timed calls (stop_after)
  double elapsed_s = 0;                       ///< wall seconds from the cold call's start to the last call's end
};

/// A GPU's clocks at one moment, as NVML reports them.
struct gpu_clocks {
  unsigned sm_mhz = 0;
  unsigned memory_mhz = 0;
};

/// Everything one policy's run produced; `validation_error` empty when every buffer held what its calls should give.
struct measurement {
  timed_calls in_place;                    ///< data already in the memory of the policy's device
  std::optional<timed_calls> e2e_pageable; ///< device policies: H2D copy + increment + D2H copy, std::vector
  std::optional<timed_calls> e2e_pinned;   ///< the same from page-locked host memory
  std::optional<std::string> validation_error;
  /// Device rows with no kernel time: why (thrust::device synchronizes inside the call). Their figure is warm_s.
  std::optional<std::string> no_kernel_time;
  std::optional<gpu_clocks> clocks_before;      ///< device rows: just before the first call; nullopt: NVML unavailable
  std::optional<gpu_clocks> clocks_after;       ///< device rows: after the last timed in-place call
  std::optional<std::uint64_t> huge_page_bytes; ///< host rows: the arrays' bytes on huge pages after the calls
  std::optional<host_threading> host_threads;   ///< host policies: the threads the call ran on (and first touched)
  /// Streams that move other bytes than the workload's or compute instead; nullopt: the workload's.
  std::optional<double> bytes_per_call = std::nullopt, flops_per_call = std::nullopt;
};

/// Wall seconds a measurement took, end-to-end views included: what a row's --timeout covers.
inline double elapsed_s(const measurement& m) noexcept {
  return m.in_place.elapsed_s + (m.e2e_pageable ? m.e2e_pageable->elapsed_s : 0) +
         (m.e2e_pinned ? m.e2e_pinned->elapsed_s : 0);
}

/// Exact validation without a second copy: element i starts at i mod 1024 (so a wrong index shows) and after
/// `increments` increments (calls x K) equals that + increments; outside_exact_range refuses runs where it is inexact.
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
