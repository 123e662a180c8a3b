// What one measurement is asked to do (run_config) and what it returns (timed_calls, measurement), in seconds, with
// the vocabulary they are written in: element types, pages, threading, stopping rules, one table of names per enum.
// Plain C++: the harness reaches CUDA code only through these types.
#pragma once

#include "policybench/workloads.hpp"

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

/// Seconds as a double on the steady clock, the unit of every figure: the one conversion every timer here uses.
using steady_clock = std::chrono::steady_clock;

inline double to_seconds(steady_clock::duration d) noexcept { return std::chrono::duration<double>(d).count(); }

/// Seconds from `start` to now (negative for a time point still ahead, such as a deadline).
inline double seconds_since(steady_clock::time_point start) noexcept { return to_seconds(steady_clock::now() - start); }

/// The time point `s` seconds from now (a budget's deadline).
inline steady_clock::time_point seconds_from_now(double s) {
  return steady_clock::now() + std::chrono::duration_cast<steady_clock::duration>(std::chrono::duration<double>(s));
}

/// One table of names per enum: its to_string, its parse and the command line's choices read it.
template <class E> struct enum_name {
  E value;
  std::string_view name;
};

/// `value`'s name in `table`; "?" for a value the table lacks.
template <class E, std::size_t N> constexpr std::string_view name_in(const enum_name<E> (&table)[N], E value) noexcept {
  for (const auto& e : table)
    if (e.value == value) return e.name;
  return "?";
}

/// The value `table` names `name`; std::nullopt for any other text.
template <class E, std::size_t N>
constexpr std::optional<E> parse_in(const enum_name<E> (&table)[N], std::string_view name) noexcept {
  for (const auto& e : table)
    if (e.name == name) return e.value;
  return std::nullopt;
}

/// The element types a run can use, chosen at run time and dispatched to compile-time types.
enum class element_type { float32, float64, int32, int64 };

/// The command-line spellings.
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

// Host code only: nvcc warns (#445-D) on a template lambda whose parameter only its body uses, and no .cu needs these.
#if !defined(__CUDACC__)
/// Whether workload `w` runs on element type `t` (its declaration's supports<T>).
constexpr bool supports(workload_id w, element_type t) {
  return visit_workload(w, [t](auto workload) {
    using W = decltype(workload);
    return visit_element_type(t, []<class T>() { return W::template supports<T>; });
  });
}

/// Calls f(W{}, T{}) with W the workload `w` and T the C++ type of `t`: each pair W supports is one instantiation of f
/// (count: policybench/workloads.hpp). Throws std::invalid_argument for a pair W does not support.
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
#endif

constexpr std::size_t size_of(element_type t) noexcept {
  return t == element_type::float32 || t == element_type::int32 ? 4 : 8;
}

/// huge: 2 MiB-aligned, madvise(MADV_HUGEPAGE) (what NumPy asks for on large arrays); small: MADV_NOHUGEPAGE, so
/// 4 KiB pages even when the transparent-huge-page mode is "always".
enum class page_size { huge, small };

/// parallel: each page first written by the thread that later updates it (the policy's own threading), so on a
/// NUMA host it lands on that thread's node, as STREAM initializes; serial: every page written by one thread.
enum class first_touch_mode { parallel, serial };

/// The threads a host policy runs its call on, and so the threads its array's first touch uses.
enum class host_threading { one_thread, tbb, openmp };

/// The command-line spellings (--pages, --first-touch) and the report's words for the threading.
inline constexpr enum_name<page_size> page_size_names[] = {{page_size::huge, "huge"}, {page_size::small, "small"}};
inline constexpr enum_name<first_touch_mode> first_touch_names[] = {{first_touch_mode::parallel, "parallel"},
                                                                    {first_touch_mode::serial, "serial"}};
inline constexpr enum_name<host_threading> host_threading_names[] = {
    {host_threading::one_thread, "one thread"}, {host_threading::tbb, "oneTBB"}, {host_threading::openmp, "OpenMP"}};
constexpr std::string_view to_string(page_size p) noexcept { return name_in(page_size_names, p); }
constexpr std::string_view to_string(first_touch_mode t) noexcept { return name_in(first_touch_names, t); }
constexpr std::string_view to_string(host_threading t) noexcept { return name_in(host_threading_names, t); }

/// Why a row's timed calls ended, its `stopped_by` (docs/measurement.md, "When a row stops", says when each holds).
enum class stop_reason { reps, min_time, max_noise, timeout, budget, interrupted };

/// The report's words.
inline constexpr enum_name<stop_reason> stop_reason_names[] = {
    {stop_reason::reps, "reps"},       {stop_reason::min_time, "min_time"}, {stop_reason::max_noise, "max_noise"},
    {stop_reason::timeout, "timeout"}, {stop_reason::budget, "budget"},     {stop_reason::interrupted, "interrupted"}};
constexpr std::string_view to_string(stop_reason r) noexcept { return name_in(stop_reason_names, r); }

/// When timed calls end (stop_after, measure/timing.hpp): the user's request on the command line, and what the
/// schedule (harness/schedule.hpp) hands each measurement, the only place that sets a share of the run's time.
struct stopping_rule {
  int reps = 10; ///< timed warm calls counted; with min_time_s, max_noise or limit_s the most there may be
  /// The most timed calls made, disturbed ones included (an interleaved round's part of max_calls_made); 0: 3 x reps.
  std::size_t max_calls = 0;
  /// Seconds the counted calls should fill (sweeps); 0 = exactly `reps` counted calls.
  double min_time_s = 0;
  /// Counted calls until median_noise (measure/timing.hpp) is at most this fraction; 0 = off.
  double max_noise = 0;
  /// Wall seconds the calls may take, from the cold call on; 0 = no limit. At least one timed call is made.
  double limit_s = 0;
  /// What a stop at limit_s is named: timeout (--timeout, or a round's share of it) or budget (the schedule's share
  /// of the run's --budget), so that no stop is renamed after the fact.
  stop_reason limit = stop_reason::timeout;
};

/// A request to end the run early (Ctrl-C): what makes calls checks it and ends with what it measured, so an
/// interrupted run keeps its work. Set by the command line's SIGINT handler (cli/write_report.hpp), hence a lock-free
/// atomic: time_calls ends a row's timed calls after the call in progress (stopped_by interrupted), the round and sweep
/// loops start nothing more.
inline std::atomic<bool> interrupt_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

/// The one device error the harness treats apart from the others. Plain C++, so the harness can catch it without
/// CUDA headers; a std::bad_alloc, so code that handles host exhaustion handles this too. Thrown when
/// cudaMalloc/cudaMallocHost fail for lack of memory, or when a run asks for more device memory than cudaMemGetInfo
/// reports free. what() names the call or both byte counts.
struct device_out_of_memory : std::bad_alloc {
  explicit device_out_of_memory(std::string text) : message(std::move(text)) {}
  const char* what() const noexcept override { return message.c_str(); }
  std::string message;
};

/// One run's workload: `size` elements of `type`, 1 (cold) + warmup + timed calls of `workload` (the increment in
/// place by default).
struct run_config {
  element_type type = element_type::float64;
  std::size_t size = 10'000'000; ///< element count
  int warmup = 3;                ///< untimed calls after the cold call
  /// When the timed calls end, the one member that is not the workload's: the command line's request, or the rule the
  /// schedule made for this one measurement (harness/schedule.hpp), which measurement functions pass to time_calls.
  stopping_rule stop = {};
  /// Disturbed calls (measure/timing.hpp) count in the statistics and the stopping rule.
  bool keep_disturbed = false;
  /// Device runs: seconds of GPU work before the policy's first call (wake_gpu says why).
  double device_warmup_s = 0.1;
  /// Device rows: kernel time behind a held stream, or (false: sanitizers and profilers that serialize every launch,
  /// where a held stream would spin to its timeout) around a batch of calls (measure/device_measure.cuh).
  bool hold_stream = true;
  bool end_to_end = true;            ///< device rows: also the end-to-end views from pageable and pinned host memory
  page_size pages = page_size::huge; ///< host arrays' pages (measure/host_measure.hpp)
  first_touch_mode first_touch = first_touch_mode::parallel; ///< which threads place the host arrays' pages
  /// Called before each call's clock starts: policybench-mpi's barrier, so that every rank starts each call together.
  std::function<void()> before_each_call = nullptr;
  /// Host calls: the threads a call should keep busy (set by measure/host_measure.hpp); a call short of them is
  /// disturbed. 0: not judged.
  int call_threads = 0;
  /// K (--work): increments each call adds per element, from K = 2 as a dependent chain of fused multiply-adds
  /// (policybench/increment.hpp); 1 is the plain increment.
  int work = 1;
  /// What each call computes (policybench/workloads.hpp; --workload); last, so that positional initializers stay valid.
  workload_id workload = workload_id::increment;
  /// Bytes one call moves: every input read, the output written, STREAM's counting (stream_bytes_per_element).
  double bytes_per_call() const noexcept {
    const int inputs = visit_workload(workload, [](auto w) { return decltype(w)::inputs; });
    return double(size) * stream_bytes_per_element(inputs, size_of(type));
  }
  /// The distinct arrays a call touches, each `size` elements, what STREAM's 4x rule counts wherever it is applied:
  /// the inputs, and the output unless it is the first input (the triad 3, poly and uneven work 2, the increment 1).
  int arrays() const noexcept {
    return visit_workload(workload, [](auto w) { return decltype(w)::inputs + !decltype(w)::in_place; });
  }
  /// Bytes of those arrays: the working set STREAM's rule sets against a cache.
  std::uint64_t working_set_bytes() const noexcept { return std::uint64_t(arrays()) * size * size_of(type); }
};

/// Durations in seconds of one sequence of calls on one buffer.
struct timed_calls {
  /// The first call of this sequence (host clock), never part of warm statistics: on the host the first call on a
  /// buffer already written once; on the device the policy's first call after the data's initialization and
  /// device_warmup_s, which pays the policy's own first-call costs (lazy loading, CUB's queries) only at the
  /// process's first run of that policy and type, CUB's transform rows none below 2^20 elements
  /// (prime_cub_tile_size). Driver and context start-up are device_info's driver_init_s and context_create_s.
  double cold_s = 0;
  std::vector<double> warm_s; ///< one host-clock duration per timed call, each call complete when timing stops
  /// One flag per warm_s entry: the call was disturbed (time_calls). Empty when no call could be judged.
  std::vector<bool> disturbed = {};
  /// One figure per warm_s entry: the process's CPU time over the call's wall time (1 for one busy thread).
  std::vector<double> parallelism = {};
  /// One CUDA-event duration per timed call (measure/device_measure.cuh); warm_s then holds a separate unheld call's
  /// host-synchronous time. Empty on the host and where measurement::no_kernel_time says why.
  std::vector<double> kernel_s;
  /// Interleaved runs: the index in warm_s (and kernel_s) of the first call of each round after the first, each
  /// round on a fresh array (fresh pages and placement: what a new process would get), so that a row's interval
  /// can include what a rerun moves (summarize_series).
  std::vector<std::size_t> round_starts = {};
  std::uint64_t calls = 0; ///< calls the buffer received (what validation expects): cold + warm-up + timed on the host
  stop_reason stopped_by = stop_reason::reps; ///< the criterion that ended the timed calls (stop_after)
  double elapsed_s = 0;                       ///< wall seconds from the cold call's start to the last call's end
};

/// A GPU's clocks at one moment, in MHz, as NVML reports them (nvmlDeviceGetClockInfo).
struct gpu_clocks {
  unsigned sm_mhz = 0;
  unsigned memory_mhz = 0;
};

/// Everything one policy's run produced. `validation_error` is empty when every element of every buffer
/// equalled its initial value + the number of calls it received.
struct measurement {
  timed_calls in_place;                    ///< data already in the memory of the policy's device
  std::optional<timed_calls> e2e_pageable; ///< device policies: H2D copy + increment + D2H copy, std::vector
  std::optional<timed_calls> e2e_pinned;   ///< the same from page-locked host memory
  std::optional<std::string> validation_error;
  /// Device rows with no kernel time (in_place.kernel_s empty): why, e.g. thrust::device synchronizes inside the
  /// call, so events around it would time the host round trip. Their figure is the host-synchronous warm_s.
  std::optional<std::string> no_kernel_time;
  std::optional<gpu_clocks> clocks_before; ///< device rows: just before the first call; nullopt: NVML unavailable
  std::optional<gpu_clocks> clocks_after;  ///< device rows: after the last timed in-place call
  /// Bytes of the host array backed by transparent huge pages after the timed calls; host policies only.
  std::optional<std::uint64_t> huge_page_bytes;
  std::optional<host_threading> host_threads; ///< host policies: the threads the call ran on (and first touched)
  /// Streams whose calls move other bytes than the workload's (STREAM copy and scale: about half of them) or compute
  /// instead (the FMA kernels: no bytes); nullopt: the workload's bytes (run_config::bytes_per_call), its K's FLOPs.
  std::optional<double> bytes_per_call = std::nullopt, flops_per_call = std::nullopt;
};

/// Wall seconds a measurement took, its end-to-end views included: what a row's --timeout covers.
inline double elapsed_s(const measurement& m) noexcept {
  return m.in_place.elapsed_s + (m.e2e_pageable ? m.e2e_pageable->elapsed_s : 0) +
         (m.e2e_pinned ? m.e2e_pinned->elapsed_s : 0);
}

} // namespace policybench
