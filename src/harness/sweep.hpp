// Sweeps: the selected policies along one axis (element counts, host thread counts or K), as one report, and what
// the series' points show together (crossovers, thread scaling, the roofline, the notes said once).
#pragma once

#include "harness/result.hpp"
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

/// Where one point of a sweep runs: the run's workload with the axis' value applied, and the host thread limit.
struct point_config {
  run_config run;
  std::optional<int> threads;
};

/// An axis' values, ascending, and why the series ends where it does (empty where the plan's bound says it).
struct axis_values {
  std::vector<std::uint64_t> values;
  std::string stop_reason;
};

/// A sweep axis as a declaration (nvbench's axes): its name (--sweep's word, sweep.kind in JSON), values, how a point
/// applies one, and how it is named. A new axis is an enumerator and one entry of sweep_axes() (sweep.cpp).
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
  /// The table's heading: "size sweep, 7 points from 1000 to 1000000 elements", "thread sweep, 1 to 2 host threads".
  std::string (*heading)(std::uint64_t first, std::uint64_t last, std::size_t points);
  /// The plan's bounds, sweep.min_<name> and max_<name> in JSON (none: the machine's).
  std::optional<std::pair<std::uint64_t, std::uint64_t>> (*bounds)(const sweep_plan& plan);
  std::string_view value_name;   ///< a value as a crossover's sentence names it: "at the largest size", "... K"
  std::string_view compared_key; ///< a crossover's JSON key for the number of values both sides ran at
  /// Its argument in a Google Benchmark name ("/host_threads:2"); empty where the name has the value already.
  std::string_view gbench_arg = {};
  bool sizes_array = false; ///< the array grows with the value: out of host memory ends the series, keeping its points
  bool cost_grows = false;  ///< a point's time grows with the value: the sweep's clock refuses a point it cannot hold
  bool host_only = false;   ///< the value reaches the host's threads only: device policies are left out
};

/// Every axis, in sweep_kind's order (none excluded); axis_of (harness/result.hpp) finds one.
std::span<const sweep_axis> sweep_axes();

/// Element counts min_size x sqrt(10)^k, rounded (two points per decade, as pSTL-Bench and STREAM sweeps use), while
/// <= max_size and within `limits` (memory_shortfall); empty when min_size does not fit. Needs 1 <= min_size.
axis_values plan_size_series(std::uint64_t min_size, std::uint64_t max_size, std::size_t element_bytes,
                             const memory_limits& limits);

/// 1, 2, 4, ... below `logical_cores`, then logical_cores itself (6 -> 1, 2, 4, 6; under 2 -> 1).
std::vector<int> thread_series(int logical_cores);

/// min_work, the powers of 2 above it up to max_work, then max_work (3, 20 -> 3, 4, 8, 16, 20). Needs 1 <= min_work.
std::vector<int> work_series(int min_work, int max_work);

/// A point's ceiling figures as the JSON's series names them, read off its ceiling rows; none where one did not bound.
struct point_ceilings {
  figure host_in_place_gb_per_s, host_in_place_low_gb_per_s, device_copy_gb_per_s;
};
point_ceilings ceilings_at(const series_point& point, std::span<const result_row> results);

/// Announces each measurement: `what` ("std::par at 31623 elements") and the number planned in all.
using sweep_callback = std::function<void(std::string_view what, std::size_t total)>;
/// Receives after each point but the last the report so far, so that a long sweep's work is kept as it goes.
using sweep_point_callback = std::function<void(benchmark_report so_far)>;

/// Runs `plan` along its axis into one report: every point's rows, each warning once, prefixed with its point. Out of
/// host memory on an axis that sizes the array, or Ctrl-C, ends it keeping what it measured (stop_reason says so).
/// Throws insufficient_memory when plan.min_size does not fit, std::bad_alloc when the first point does not.
benchmark_report run_sweep(const sweep_plan& plan, const run_config& run, sweep_clock clock, const host_info& host,
                           const device_info& device, const std::vector<policy_entry>& selected,
                           const sweep_callback& starting = {}, const sweep_point_callback& finished = {});

/// Completes `report` (every point's rows, the last point's environment) as `sweep`'s: its axis' finish, then the
/// cache and noise notes once for the series (a working set of `per_element` bytes an element).
void finish_sweep_report(benchmark_report& report, sweep_info sweep, std::size_t per_element);

/// One policy's time at one point of a sweep.
struct timing_point {
  std::uint64_t size = 0;          ///< the point: its value on the sweep's axis (element count, K)
  double seconds = 0;              ///< median time of one call
  std::string policy;              ///< who took that time (for a "best of" series, the fastest policy at that size)
  const result_row* row = nullptr; ///< the row it was read from (none in a series made up from others)
  figure low_s{}, high_s{};        ///< the interval of `seconds`; none where its view or row has none
};

/// Whether `a` is faster than `b`: its interval wholly below b's where both have one, else its median below b's
/// (end-to-end views have no interval, nor rows of under 6 calls).
bool faster(const timing_point& a, const timing_point& b);

/// The smallest size from which `challenger` is faster than `baseline` at every larger size both measured (points in
/// any order), so "from S on" means "at every measured size from S up"; nullopt: never in this range.
std::optional<std::uint64_t> crossover_size(std::span<const timing_point> challenger,
                                            std::span<const timing_point> baseline);

/// The crossovers along `axis` from its ok rows: par_unseq_vs_loop, then the fastest device policy against the fastest
/// host policy by kernel time, end to end pageable and pinned (in a work sweep THE offload crossover).
std::vector<crossover> find_crossovers(std::span<const result_row> rows, const sweep_axis& axis);

/// The smallest K from which a policy's time per call is more than twice its time at the smallest K, beyond both
/// intervals where known (`size` holds K), decided as crossover_size decides: past it the arithmetic outlasts moving
/// the bytes, bound by compute.
std::optional<std::uint64_t> compute_bound_from(std::span<const timing_point> series);

/// One compute_bound_k per policy among a work sweep's ok policy rows, in the rows' order.
std::vector<compute_bound_k> find_compute_bound(std::span<const result_row> rows);

} // namespace policybench
