// The rules a report's figures follow, each written once: throughput, the ceiling that bounds a row and its share of
// it (% ceiling), the roofline (--work K), the loop baseline, speedups, the noise rule, thread scaling, memory or cache
// (the regime probe's verdict and STREAM's 4x-cache rule), the answer first (the fastest row, its ties, a speedup
// beyond the intervals), the warnings and what makes a run fail.
#pragma once

#include "harness/result.hpp"
#include "measure/ceilings.hpp"
#include "measure/run_config.hpp"
#include "policies/registry.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace policybench {

struct measured_run;

/// GB/s (10^9 bytes/s) of `bytes` moved in `seconds`; none when nothing moves (--size 0) or the time is unknown.
figure gb_per_s(double bytes, figure seconds);

/// The row every speedup is set against: the `loop` row when it validated (status ok); nullptr when there is none.
const result_row* loop_baseline(std::span<const result_row> rows);

/// loop's median / the row's median; none without a baseline or when the row moves no bytes.
figure speedup_vs_loop(const result_row& row, const result_row* loop);

/// Whether [a_low, a_high] and [b_low, b_high] overlap: then neither side is faster beyond the intervals.
constexpr bool overlap(double a_low, double a_high, double b_low, double b_high) noexcept {
  return a_low <= b_high && b_low <= a_high;
}

/// A row's effective parallelism over its counted calls (measure/timing.hpp), or none when they lasted under
/// 10 ms in all: then another thread's stray cycles (a pool still parking) outweigh the calls' own CPU time.
figure measured_parallelism(const timed_calls& t, bool keep_disturbed);

/// Whether the row's median is less certain than the table suggests: its warm times vary by more than noisy_cv
/// (measure/timing.hpp) and it was not run until --max-noise held (then the median's interval is narrow however
/// much single calls vary).
bool is_noisy(const result_row& row);

/// 0.05 -> "5.0%".
std::string percent(double fraction);

/// Thread sweeps: each row's speedup_vs_1_thread, over its policy's own 1-thread median, and parallel_efficiency =
/// that speedup / threads; none without a 1-thread median.
void add_thread_scaling(std::vector<result_row>& rows);

/// False when one of `rows` failed or failed validation: exit status 1.
bool all_valid(std::span<const result_row> rows);

/// What a ceiling row's figure reads (and a row's share of it): GFLOP/s for a compute ceiling; on the device the kernel
/// GB/s by CUDA events (none without a kernel time: thrust::device's host round trip would mix two clocks); GB/s on
/// the host.
figure throughput(const result_row& row);

/// The row's throughput at the slow (fast) end of the interval of the view its throughput reads (kernel times on
/// the device, host calls else); its median where there is none (under 6 samples).
figure interval_end(const result_row& row, bool slow);

/// The ceiling row bounding `device`'s rows as `bound`: of the ok ceiling rows of that device and bound that use
/// every thread (not one_thread_ceiling), whose median has a 95% interval and whose calls were mostly undisturbed,
/// the one with the highest median throughput; nullptr when none (then no row has a share, and a warning says why).
const result_row* bounding_ceiling(std::span<const result_row> rows, side device, ceiling_bound bound);

/// The bound a `workload`'s rows are set against: the compute ceiling for poly's shape (its rows' GFLOP/s), else the
/// bandwidth ceilings of its shape, the only shape its run has (ceiling_streams; bounding_ceiling takes the fastest).
constexpr ceiling_bound share_bound(workload_id workload) noexcept {
  return shape_of(workload) == ceiling_shape::compute ? ceiling_bound::compute : ceiling_bound::bandwidth;
}

/// A policy row's FLOPs and GFLOP/s by its workload's declared FLOPs per element, where its share is of a compute
/// ceiling (share_bound): poly's rows. Nothing for the other workloads.
void add_workload_flops(result_row& row, const run_config& cfg);

/// % ceiling: 100 x the row's median throughput over the median of its device's ceiling of the `workload`'s bound
/// (share_bound, bounding_ceiling); none when either is unknown, and for a ceiling of another bound (the compute roof
/// beside the increment). Both are medians of calls made in the same rounds: never a median against a best call.
figure pct_of_ceiling(const result_row& row, std::span<const result_row> rows, workload_id workload);

/// Whether a row with a pct_of_ceiling beats its ceiling beyond both intervals (interval_end: the row's slow end
/// faster than the ceiling's fast end). Then the ceiling did not bound: a cache-resident array, or a ceiling schedule
/// that is not the fastest here. nullopt without a share.
std::optional<bool> above_ceiling(const result_row& row, std::span<const result_row> rows, workload_id workload);

/// environment.ceilings: for each ceiling the run could have (its key from policies/registry.cpp) its
/// median and best call in seconds and its median GB/s (GFLOP/s for compute ceilings), none where it did not run;
/// then the bounding host bandwidth ceiling's figures (the triad's under --workload triad), the device's theoretical
/// peak, and with a compute ceiling (at work > 1, for poly) the compute peaks.
ceiling_summary ceiling_figures(const measured_run& run, std::span<const result_row> rows);

/// One row on the roofline. GFLOP/s = 10^9 FLOP/s; FLOP/byte over the bytes the call moves (bytes_per_call).
struct roofline_figures {
  figure flops_per_call, gflop_per_s, flop_per_byte;
  /// min(compute ceiling, flop_per_byte x bandwidth ceiling) in GFLOP/s, and the row's GFLOP/s as a share of it
  /// (percent); none without a ceiling (a bandwidth ceiling alone bounds a row whose compute ceiling is unknown).
  figure bound_gflop_per_s, pct_of_bound;
};

/// The figures of a row at `work` increments per element over `size` elements moving `bytes_per_call`, timed at
/// `median_s` (none: only the per-call figures), against its device's ceilings (either none when not measured).
roofline_figures roofline(int work, std::uint64_t size, double bytes_per_call, figure median_s,
                          figure compute_gflop_per_s, figure bandwidth_gb_per_s);

/// The K a row was measured at: its roofline's, 1 when it has none (a run without --work).
int work_of(const result_row& r);

/// Sets r.flops and r.roofline from roofline() at `work`, against its device's ceiling rows among `rows`
/// (bounding_ceiling of each bound); a device row without a kernel time gets no share (two clocks would mix).
void add_roofline(result_row& r, int work, std::span<const result_row> rows);

/// A compute ceiling row's flops_per_call and gflop_per_s (from its median: kernel time on the device).
void add_compute_figures(result_row& r, std::optional<double> flops_per_call);

/// The time a row is set on the roofline by: a device row's kernel time where it has one, else its host median.
figure roofline_time_s(const result_row& r);

/// A row's median interval, in seconds: its 95% confidence interval (median_ci_low_s/high_s), or, below the 6
/// samples that interval needs, the range of its samples (the widest statement the row can make).
struct median_span {
  double low_s = 0, high_s = 0;
};
/// std::nullopt for a row without a median.
std::optional<median_span> median_span_of(const result_row& row);

/// STREAM's rule: an array of `array_bytes` under 4x a cache of `cache_bytes` measures the cache, not memory.
/// False when either is 0 (nothing moved, cache size unknown).
bool under_4x_cache(std::uint64_t array_bytes, std::uint64_t cache_bytes);
/// The note on arrays under_4x_cache: "`subject` is smaller than 4x the `cache` (N bytes): figures include ...".
std::string cache_note(const std::string& subject, const std::string& cache, std::uint64_t cache_bytes);

/// A footprint's point from a row of the in-place stream; none when the row has no GB/s or no interval (fewer than 6
/// calls counted: its spread is unknown, and a point without one cannot tell cache from noise).
std::optional<bandwidth_point> point_of(const result_row& row);

/// The regime of an array of `array_bytes` from the probe's `points` (any order; README "regime" states the rule).
/// Each "unknown" has its reason: the largest footprint planned was not reached (it did not map); it is inside the
/// reported cache `llc_bytes` (a plateau there is no evidence of memory); a point from the array's footprint up or
/// at the two largest was disturbed (it reads a cache footprint as slow as memory); the two largest disagree beyond
/// `tolerance` and their spreads (still falling); fewer than two footprints, or none at or below the array (out of
/// time); the array's own point faster than the plateau at its median only (a busy machine widens its interval).
/// A footprint streams faster than memory when its median is above plateau x (1 + tolerance) and its interval's slow
/// end above both largest footprints' fast ends: slower is no cache (overhead or a busy machine).
regime_report classify_regime(std::vector<bandwidth_point> points, std::uint64_t planned_top_bytes,
                              std::uint64_t array_bytes, std::uint64_t llc_bytes, double tolerance = flat_tolerance);

/// The probe's verdict with the point at the array's own footprint, which the probe leaves to the run: the run's
/// row of probe_stream(), the same stream at the same size timed in every round (on the Xeon VM one default run's
/// separate probe read 80 MB at 55 GB/s, "memory", while that row streamed it at 91 GB/s). The probe as it was
/// without such a row (no host row ran, or it has no interval).
regime_report with_run_point(regime_report probe, std::span<const result_row> rows);

/// The summary of one run's `rows` and its measured regime.
run_summary summarize_run(std::span<const result_row> rows, std::optional<regime_report> regime);

/// The warnings about a run and its rows, one line each (see to_report for per_size_notes).
std::vector<std::string> run_warnings(const measured_run& run, const std::vector<result_row>& rows,
                                      bool per_size_notes = true);

} // namespace policybench
