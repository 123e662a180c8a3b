// Sweeps: the selected policies along one axis (element counts, host thread counts or K), as one report, and what
// the series' points show together (crossovers, thread scaling, the roofline, the notes said once).
#pragma once

#include "harness/result_row.hpp"
#include "harness/schedule.hpp"
#include "machine/host_info.hpp"
#include "measure/run_config.hpp"
#include "policies/registry.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace policybench {

struct benchmark_report;

/// One run (none), or a sweep along one of sweep_axes().
enum class sweep_kind { none, size, threads, work };

/// --sweep's words (none is no sweep: not a word --sweep takes); each is its axis' name.
inline constexpr enum_name<sweep_kind> sweep_kind_names[] = {
    {sweep_kind::size, "size"}, {sweep_kind::threads, "threads"}, {sweep_kind::work, "work"}};

/// What a sweep varies and over which range (the plan the command line hands to the harness): a size sweep's
/// element counts from min_size, a work sweep's K from min_work; a thread sweep's range is the CPUs there are.
struct sweep_plan {
  sweep_kind kind = sweep_kind::size;
  std::uint64_t min_size = 1'000;         ///< smallest element count of a size sweep
  std::uint64_t max_size = 1'000'000'000; ///< largest element count a size sweep may reach
  int min_work = 1, max_work = 1024;      ///< a work sweep's first K and the largest it may reach
};

/// Where one point of a sweep runs: the run's workload with the axis' value applied, and the host thread limit
/// (none: every CPU the process may use).
struct point_config {
  run_config run;
  std::optional<int> threads;
};

/// An axis' values, ascending, and why the series ends where it does (empty where the plan's bound says it).
struct axis_values {
  std::vector<std::uint64_t> values;
  std::string stop_reason;
};

/// A sweep axis as a declaration (nvbench's axes): its name (--sweep's word, the JSON's sweep.kind and a crossover's
/// axis), its values, how a point applies one, how a point and a row are named on it, and what its value changes
/// beyond the point's own field. A new axis is an enumerator and one entry of sweep_axes() (sweep.cpp).
struct sweep_axis {
  sweep_kind kind;
  std::string_view name;
  /// The values `plan` asks for, for arrays of `element_bytes`-byte elements within `limits`.
  axis_values (*values)(const sweep_plan& plan, std::size_t element_bytes, const memory_limits& limits);
  /// Sets the one field of `point` this axis varies to `value`.
  void (*apply)(point_config& point, std::uint64_t value);
  /// The value a row was measured at.
  std::uint64_t (*value_of)(const result_row& row);
  /// A point as its progress, warnings and stop reasons name it: "31623 elements", "2 threads", "K = 8".
  std::string (*label)(std::uint64_t value);
  /// Completes a report of this axis' series: forgets the config field it varies, adds what its series shows.
  void (*finish)(benchmark_report& report);
  /// The series as the table's heading names it, from its `first` to its `last` value over `points` points:
  /// "size sweep, 7 points from 1000 to 1000000 elements", "thread sweep, 1 to 2 host threads".
  std::string (*heading)(std::uint64_t first, std::uint64_t last, std::size_t points);
  /// The plan's bounds of its values, which the JSON's sweep names min_<name> and max_<name> (none: the machine's).
  std::optional<std::pair<std::uint64_t, std::uint64_t>> (*bounds)(const sweep_plan& plan);
  std::string_view value_name;   ///< a value as a crossover's sentence names it: "at the largest size", "... K"
  std::string_view compared_key; ///< a crossover's JSON key for the number of values both sides ran at
  /// Its argument in a Google Benchmark name ("/host_threads:2"); empty where the name has the value already.
  std::string_view gbench_arg = {};
  bool sizes_array = false; ///< the array grows with the value: out of host memory ends the series, keeping its points
  bool cost_grows = false;  ///< a point's time grows with the value: the sweep's clock refuses a point it cannot hold
  bool host_only = false;   ///< the value reaches the host's threads only: device policies are left out
};

/// Every axis, in sweep_kind's order (none excluded).
std::span<const sweep_axis> sweep_axes();
/// The axis of a sweep of `kind` (not none).
const sweep_axis& axis_of(sweep_kind kind);

/// Element counts min_size x sqrt(10)^k for k = 0, 1, 2, ..., rounded to whole elements (1000, 3162, 10000,
/// 31623, ...: two points per decade, as pSTL-Bench and STREAM sweeps use), while they are <= max_size and fit in
/// `limits` (memory_shortfall: one host array, two device arrays of `element_bytes`-byte elements). `values` is empty
/// when min_size itself does not fit; stop_reason then says why. Needs 1 <= min_size <= max_size.
axis_values plan_size_series(std::uint64_t min_size, std::uint64_t max_size, std::size_t element_bytes,
                             const memory_limits& limits);

/// Host thread counts of a thread sweep: 1, 2, 4, ... below `logical_cores`, then logical_cores itself
/// (e.g. 6 -> 1, 2, 4, 6). {1} when logical_cores < 2.
std::vector<int> thread_series(int logical_cores);

/// K of a work sweep: min_work, then the powers of 2 above it up to max_work, then max_work itself when it is not
/// one (1, 1024 -> 1, 2, 4, ..., 1024; 3, 20 -> 3, 4, 8, 16, 20). Needs 1 <= min_work <= max_work.
std::vector<int> work_series(int min_work, int max_work);

/// One point of a sweep's series: its size, threads and K, and where its rows are among the report's results (its
/// ceiling rows among them: ceilings_at).
struct series_point {
  std::uint64_t size = 0;
  int threads = 0;
  int work = 1;                           ///< K at this point
  std::size_t first_row = 0, end_row = 0; ///< its rows: results[first_row, end_row)
};

/// A point's ceiling figures as the JSON's series names them: its bounding host in-place ceiling row's median GB/s
/// and the slow end of its interval, and its device copy row's GB/s; none where such a row did not run or bound.
struct point_ceilings {
  figure host_in_place_gb_per_s, host_in_place_low_gb_per_s, device_copy_gb_per_s;
};
point_ceilings ceilings_at(const series_point& point, std::span<const result_row> results);

/// A sweep as planned (the JSON names min_size and max_size for size sweeps only, min_work and max_work for work
/// sweeps only) and what it measured.
struct sweep_info : sweep_plan {
  std::uint64_t stopped_at = 0; ///< size sweeps only
  std::string stop_reason = ""; ///< size sweeps only: max-size, memory or bad_alloc
  double min_time_s = 0;
  std::vector<series_point> series = {};
};

/// Announces each policy a sweep is about to measure: `what` (e.g. "std::par at 31623 elements") and the number
/// of measurements planned in all.
using sweep_callback = std::function<void(std::string_view what, std::size_t total)>;
/// Receives, after each point but the last, the report of the points measured so far (finish_sweep_report), so that
/// a long sweep's work is kept as it goes.
using sweep_point_callback = std::function<void(benchmark_report so_far)>;

/// Runs `plan` along its axis with `run`'s type, warm-up, reps and min_time_s and returns one report: every point's
/// rows (to_report), completed by finish_sweep_report, and the warnings, each said once and prefixed with its point.
/// A host_only axis (threads) runs host policies only, each point under its thread limit, at run.size elements. An
/// axis that sizes the array stops early, keeping what it measured, when a point runs out of host memory
/// (std::bad_alloc); stop_reason says where and why. Ctrl-C (interrupt_requested) ends it after the point in
/// progress, whose rows keep what they measured (run_policies), with stop_reason saying so. `clock` (schedule.hpp:
/// sweep_clock) shares the sweep's time over its points. Throws insufficient_memory when not even plan.min_size
/// fits, std::bad_alloc when the first point does not, and what run_policies throws.
benchmark_report run_sweep(const sweep_plan& plan, const run_config& run, sweep_clock clock, const host_info& host,
                           const device_info& device, const std::vector<policy_entry>& selected,
                           const sweep_callback& starting = {}, const sweep_point_callback& finished = {});

/// Completes `report`, which holds every point's rows and the last point's environment, as a report of `sweep`:
/// its axis' finish (a work sweep's rooflines on the last point's ceilings, its crossovers by K and compute-bound K;
/// a size sweep's crossovers; a thread sweep's scaling), then, once for the series with the points named, the cache
/// and noise notes (a working set of `per_element` bytes an element: run_config::arrays x the element's bytes).
/// report.sweep becomes `sweep`.
void finish_sweep_report(benchmark_report& report, sweep_info sweep, std::size_t per_element);

/// A work sweep's policy: the smallest K from which it is compute-bound (compute_bound_from), and its GFLOP/s at the
/// largest K measured.
struct compute_bound_k {
  std::string policy;
  std::optional<std::uint64_t> from_work = std::nullopt; ///< none: memory-bound at every K measured
  std::uint64_t largest_work = 0;
  figure gflop_per_s_at_largest = {};
};

/// Both sides of a crossover at one size.
struct crossover_point {
  std::uint64_t size = 0;
  std::string challenger_policy;
  double challenger_s = 0;
  std::string baseline_policy;
  double baseline_s = 0;
};

/// Where `challenger` starts to beat `baseline` (crossover_size says how it is decided).
struct crossover {
  std::string key, challenger, baseline, view; ///< key: the JSON name, e.g. "par_unseq_vs_loop"
  std::uint64_t sizes_compared = 0;
  std::optional<std::uint64_t> from_size = std::nullopt; ///< none: never in this range
  std::optional<crossover_point> at_from_size = std::nullopt, at_largest_size = std::nullopt;
  /// The axis along which from_size and each point's size are measured: element counts or K.
  const sweep_axis* axis = &axis_of(sweep_kind::size);
};

/// One policy's time at one point of a sweep.
struct timing_point {
  std::uint64_t size = 0;          ///< the point: its value on the sweep's axis (element count, K)
  double seconds = 0;              ///< median time of one call
  std::string policy;              ///< who took that time (for a "best of" series, the fastest policy at that size)
  const result_row* row = nullptr; ///< the row it was read from (none in a series made up from others)
};

/// The crossover: the smallest element count from which `challenger` is strictly faster than `baseline` at that
/// size and at every larger size both were measured at. Sizes only one side measured are ignored; points may
/// come in any order. std::nullopt ("never in this range") when there is no common size or the challenger does
/// not win at the largest one. So noise that makes the challenger lose at one size moves the crossover above
/// that size: "from S on" always means "at every measured size from S up".
std::optional<std::uint64_t> crossover_size(std::span<const timing_point> challenger,
                                            std::span<const timing_point> baseline);

/// The crossovers along `axis` (a size sweep's element counts; a work sweep's K) from its ok rows, in this order:
/// "par_unseq_vs_loop" (host-synchronous medians), "gpu_vs_cpu_kernel" (the fastest device policy by
/// kernel_median_s against the fastest host policy by median_s, at each point), "gpu_vs_cpu_end_to_end"
/// (e2e_pageable_median_s) and "gpu_vs_cpu_end_to_end_pinned": in a work sweep THE offload crossover, the smallest K
/// from which the device, data on the host in pinned memory and copies included, beats the best host policy.
std::vector<crossover> find_crossovers(std::span<const result_row> rows, const sweep_axis& axis);

/// The smallest K from which a policy's time per call is more than twice its time at the series' smallest K, at
/// that K and every larger one measured (points in any order; `size` holds K): past it the arithmetic takes longer
/// than moving the bytes did at the smallest K, so the call is bound by compute, not memory. nullopt ("never in
/// this range") when the series is empty or the largest K is not past it. Decided as crossover_size decides, so one
/// noisy point moves the answer up, never down.
std::optional<std::uint64_t> compute_bound_from(std::span<const timing_point> series);

/// One compute_bound_k per policy among a work sweep's ok policy rows (by roofline_time_s), in the rows' order.
std::vector<compute_bound_k> find_compute_bound(std::span<const result_row> rows);

} // namespace policybench
