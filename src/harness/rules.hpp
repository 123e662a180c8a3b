// The rules a report's figures follow, each written once: throughput, % ceiling, the roofline, speedups, noise,
// memory or cache (the regime and STREAM's 4x rule), the answer first, the warnings and what makes a run fail.
#pragma once

#include "harness/result.hpp"
#include "measure/ceilings.hpp"
#include "measure/run_config.hpp"
#include "policies/registry.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace policybench {

struct measured_run;

/// GB/s (10^9 bytes/s) of `bytes` moved in `seconds`; none when nothing moves or the time is unknown.
figure gb_per_s(double bytes, figure seconds);

/// The row every speedup is set against: the `loop` row when it validated (status ok); nullptr when there is none.
const result_row* loop_baseline(std::span<const result_row> rows);

/// loop's median / the row's median; none without a baseline with a 95% interval or when the row moves no bytes.
figure speedup_vs_loop(const result_row& row, const result_row* loop);

/// Whether [a_low, a_high] and [b_low, b_high] overlap: then neither side is faster beyond the intervals.
constexpr bool overlap(double a_low, double a_high, double b_low, double b_high) noexcept {
  return a_low <= b_high && b_low <= a_high;
}

/// A row's effective parallelism over its counted calls; none under 10 ms of calls in all, where another thread's
/// stray cycles (a pool still parking) outweigh the calls' own CPU time.
figure measured_parallelism(const timed_calls& t, bool keep_disturbed);

/// Warm times vary by more than noisy_cv and the row did not stop by --max-noise (whose interval is narrow however
/// much single calls vary).
bool is_noisy(const result_row& row);

/// 0.05 -> "5.0%".
std::string percent(double fraction);

/// Thread sweeps: each row's speedup over its policy's own 1-thread median, and that speedup / threads.
void add_thread_scaling(std::vector<result_row>& rows);

/// False when one of `rows` failed or failed validation: exit status 1.
bool all_valid(std::span<const result_row> rows);

/// The row's rate as a ceiling of bound `as` reads it (none: its own): GFLOP/s of a compute one, else GB/s; on the
/// device by kernel time (none without one: two clocks would mix).
figure throughput(const result_row& row, std::optional<ceiling_bound> as = std::nullopt);

/// throughput() at the slow (fast) end of its view's interval; the median's where there is none.
figure interval_end(const result_row& row, bool slow, std::optional<ceiling_bound> as = std::nullopt);

/// The fastest ceiling row of `device` and `bound` that may bound (docs/measurement.md, "Ceilings are rows"); nullptr
/// when none may (then no row has a share, and a warning says why).
const result_row* bounding_ceiling(std::span<const result_row> rows, side device, ceiling_bound bound);

/// Whether rows set against ceilings of `shape` are bound by memory (every shape's but the compute one, poly's): the
/// memory regime and STREAM's 4x rule say something of those rows alone.
constexpr bool memory_bound(ceiling_shape shape) noexcept { return shape != ceiling_shape::compute; }

/// The bound a `workload`'s rows are set against: bandwidth where they are memory_bound, else compute.
constexpr ceiling_bound share_bound(workload_id workload) noexcept {
  return memory_bound(shape_of(workload)) ? ceiling_bound::bandwidth : ceiling_bound::compute;
}

/// 100 x the row's median throughput over its bounding_ceiling's median (never a median against a best call); none
/// when either is unknown, and for a ceiling of another bound.
figure pct_of_ceiling(const result_row& row, std::span<const result_row> rows, workload_id workload);

/// Whether a row with a share beats its ceiling beyond both intervals (its slow end faster than the ceiling's fast
/// end): a cache-resident array, or a ceiling schedule that is not the fastest here. nullopt without a share.
std::optional<bool> above_ceiling(const result_row& row, std::span<const result_row> rows, workload_id workload);

/// environment.ceilings of `run`, its rows the first run.outcomes.size() of the report's.
ceiling_summary ceiling_figures(const measured_run& run);

/// The rows `report.environment.ceilings` describes: its run's (a sweep's: its last point's).
std::span<const result_row> ceiling_rows(const benchmark_report& report);

/// The row of ceiling `stream` among `rows` that ran ok; nullptr where none did.
const result_row* ceiling_row(std::span<const result_row> rows, const policy_entry& stream);

/// A row's host calls: their median and its interval.
view_figures calls_view(const result_row& row);

/// The timing view a row's throughput, % ceiling and marks rest on: kernel times on the device, host calls else.
view_figures rated_view(const result_row& row);

/// A row's FLOPs and place on the roofline at `work` increments per element over `size` elements, timed at `median_s`:
/// its bound is min(compute roof, FLOP/byte x bandwidth roof), of the roofs measured (none: no bound).
std::pair<flop_figures, roofline_place> roofline(int work, std::uint64_t size, double bytes_per_call, figure median_s,
                                                 figure compute_gflop_per_s, figure bandwidth_gb_per_s);

/// The K a row was measured at: its roofline's, 1 when it has none (a run without --work).
int work_of(const result_row& r);

/// Sets r.flops and r.roofline from roofline() against its device's bounding ceilings among `rows`.
void add_roofline(result_row& r, int work, std::span<const result_row> rows);

/// The view a row is set on the roofline by: a device row's kernel times where it has them, else its host calls.
view_figures roofline_view(const result_row& r);

/// roofline_view's median.
figure roofline_time_s(const result_row& r);

/// A row's median interval in seconds, or below the 6 samples it needs the range of its samples (the widest
/// statement the row can make); nullopt without a median.
struct median_span {
  double low_s = 0, high_s = 0;
};
std::optional<median_span> median_span_of(const result_row& row);

/// STREAM's rule: an array of `array_bytes` under 4x a cache of `cache_bytes` measures the cache, not memory.
/// False when either is 0 (nothing moved, cache size unknown).
bool under_4x_cache(std::uint64_t array_bytes, std::uint64_t cache_bytes);
/// The note on arrays under_4x_cache: "`subject` is smaller than 4x the `cache` (N bytes): figures include ...".
std::string cache_note(const std::string& subject, const std::string& cache, std::uint64_t cache_bytes);

/// A footprint's point from a row of the in-place stream; none without GB/s or an interval (a point without a spread
/// cannot tell cache from noise).
std::optional<bandwidth_point> point_of(const result_row& row);

/// The regime of an array of `array_bytes` from the probe's `points` (any order; README "regime" states the rule and
/// each unknown_reason). A footprint streams faster than memory when its median is above plateau x (1 + tolerance) and
/// its slow end above both largest footprints' fast ends: slower is no cache (overhead or a busy machine).
regime_report classify_regime(std::vector<bandwidth_point> points, std::uint64_t planned_top_bytes,
                              std::uint64_t array_bytes, std::uint64_t llc_bytes, double tolerance = flat_tolerance);

/// The probe's verdict with the array's own footprint from the run's row of probe_stream(), timed in every round (on a
/// Xeon VM a separate probe read 80 MB at 55 GB/s, "memory", while that row streamed it at 91); as it was without one.
regime_report with_run_point(regime_report probe, std::span<const result_row> rows);

/// The summary of one run's `rows` and its measured regime.
run_summary summarize_run(std::span<const result_row> rows, std::optional<regime_report> regime);

/// The warnings about a run and its rows, one line each; per_size_notes: to_report's.
std::vector<std::string> run_warnings(const measured_run& run, const std::vector<result_row>& rows,
                                      bool per_size_notes = true);

} // namespace policybench
