// The rules a report's figures follow, each written once: throughput, the ceiling that bounds a row and its share of
// it, the roofline (--work K), the loop baseline, speedups, the noise rule, thread scaling, the answer first (the
// fastest row, its ties, a speedup beyond the intervals), the warnings and what makes a run fail (STREAM's 4x-cache
// rule: regime.hpp).
#pragma once

#include "harness/result.hpp"
#include "measure/ceilings.hpp"
#include "measure/run_config.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace policybench {

struct measured_run;

/// GB/s (10^9 bytes/s) of `bytes` moved in `seconds`; none when nothing moves (--size 0) or the time is unknown.
figure gb_per_s(double bytes, figure seconds);

/// The row every speedup is set against: the `loop` row when it validated (status ok); an invalid or failed loop
/// is never the baseline. nullptr when there is none.
const result_row* loop_baseline(std::span<const result_row> rows);

/// loop's median / the row's median; none without a baseline or when the row moves no bytes.
figure speedup_vs_loop(const result_row& row, const result_row* loop);

/// Whether [a_low, a_high] and [b_low, b_high] overlap: then neither side is faster beyond the intervals.
constexpr bool overlap(double a_low, double a_high, double b_low, double b_high) noexcept {
  return a_low <= b_high && b_low <= a_high;
}

/// Effective parallelism below which a parallel host policy counts as having run on about one thread.
inline constexpr double serial_parallelism = 1.3;

/// A row's effective parallelism over its counted calls (measure/timing.hpp), or none when they lasted under
/// 10 ms in all: then another thread's stray cycles (a pool still parking) outweigh the calls' own CPU time.
figure measured_parallelism(const timed_calls& t, bool keep_disturbed);

/// Whether the row's median is less certain than the table suggests: its warm times vary by more than noisy_cv
/// (measure/stats.hpp) and it was not run until --max-noise held (then the median's interval is narrow however
/// much single calls vary).
bool is_noisy(const result_row& row);

/// 0.05 -> "5.0%"; 1.234 -> "1.23".
std::string percent(double fraction);
std::string two_decimals(double v);

/// Thread sweeps: each row's scaling: speedup_vs_1_thread, over its policy's own 1-thread median, and
/// parallel_efficiency = that speedup / threads (1 = ideal); none without a 1-thread median.
void add_thread_scaling(std::vector<result_row>& rows);

/// False when one of `rows` failed or failed validation: exit status 1.
bool all_valid(std::span<const result_row> rows);

/// What a row's share of its ceiling reads: GFLOP/s for a compute ceiling; on the device the kernel GB/s by CUDA
/// events (none without a kernel time: thrust::device's host round trip would mix two clocks); GB/s on the host.
figure throughput(const result_row& row);

/// The row's throughput at the slow (fast) end of the interval of the view its throughput reads (kernel times on
/// the device, host calls else); its median where there is none (under 6 samples).
figure interval_end(const result_row& row, bool slow);

/// The ceiling row bounding `device`'s rows as `bound`: of the ok ceiling rows of that device and bound that use
/// every thread (not one_thread_ceiling), whose median has a 95% interval and whose calls were mostly undisturbed,
/// the one with the highest median throughput; nullptr when none (then no row has a share: no_bound_reason).
const result_row* bounding_ceiling(std::span<const result_row> rows, side device, ceiling_bound bound);

/// Why `device`'s rows have no share of a `bound` ceiling though such ceiling rows ran ok: none could bound (the
/// ceilings' names); nullopt when one bounds or none ran.
std::optional<std::string> no_bound_reason(std::span<const result_row> rows, side device, ceiling_bound bound);

/// 100 x the row's median throughput over its device's bandwidth ceiling's median (bounding_ceiling); none when
/// either is unknown. Both are medians of calls made in the same rounds: never a median against a best call.
figure pct_of_ceiling(const result_row& row, std::span<const result_row> rows);

/// Whether a row with a pct_of_ceiling beats its ceiling beyond both intervals: the slow end of the row's median
/// interval is faster than the fast end of the ceiling's (kernel times' intervals on the device; medians alone
/// below 6 samples). Then the ceiling did not bound: a cache-resident array, or a ceiling schedule that is not the
/// fastest here. nullopt without a share.
std::optional<bool> above_ceiling(const result_row& row, std::span<const result_row> rows);

/// environment.ceilings: for each ceiling the run could have (its key from policies/registry.cpp) its
/// median and best call in seconds and its median GB/s (GFLOP/s for compute ceilings), none where it did not run;
/// then the bounding host ceiling's figures, the device's theoretical peak, and at work > 1 the compute peaks.
ceiling_summary ceiling_figures(const measured_run& run, std::span<const result_row> rows);

/// One row on the roofline. GFLOP/s = 10^9 FLOP/s; FLOP/byte over the bytes the call moves (bytes_per_call).
struct roofline_figures {
  figure flops_per_call, gflop_per_s, flop_per_byte;
  /// min(compute ceiling, flop_per_byte x bandwidth ceiling) in GFLOP/s, and the row's GFLOP/s as a share of it
  /// (percent); none without a ceiling (a bandwidth ceiling alone bounds a row whose compute ceiling is unknown).
  figure bound_gflop_per_s, pct_of_bound;
};

/// The figures of a row at `work` increments per element over `size` elements moving `bytes_per_call`, timed at
/// `median_s` (none: only the per-call figures), against its device's compute ceiling (GFLOP/s) and bandwidth
/// ceiling (GB/s), either none when not measured.
roofline_figures roofline(int work, std::uint64_t size, double bytes_per_call, figure median_s,
                          figure compute_gflop_per_s, figure bandwidth_gb_per_s);

/// The K a row was measured at: its roofline's, 1 when it has none (a run without --work).
int work_of(const result_row& r);

/// Sets r's roofline figures (r.flops and r.roofline: K, flops_per_call, gflop_per_s, flop_per_byte, the bound and
/// the share of it) from roofline() at `work`: a device row timed by kernel time (else host-synchronous, then
/// without a share: two clocks would mix) against its device's ceiling rows among `rows` (bounding_ceiling: the
/// fastest median of each bound).
void add_roofline(result_row& r, int work, std::span<const result_row> rows);

/// A compute ceiling row's flops_per_call and gflop_per_s (from its median: kernel time on the device).
void add_compute_figures(result_row& r, std::optional<double> flops_per_call);

/// The time a row is set on the roofline by: a device row's kernel time where it has one, else the host-synchronous
/// median (host rows, thrust::device).
figure roofline_time_s(const result_row& r);

/// A row's median interval, in seconds: its 95% confidence interval (median_ci_low_s/high_s), or, below the 6
/// samples that interval needs, the range of its samples (the widest statement the row can make).
struct median_span {
  double low_s = 0, high_s = 0;
};
/// std::nullopt for a row without a median.
std::optional<median_span> median_span_of(const result_row& row);

/// The summary of one run's `rows` and its measured regime.
run_summary summarize_run(std::span<const result_row> rows, std::optional<regime_report> regime);

/// The warnings about a run and its rows, one line each: noisy rows (cv above noisy_cv), arrays under 4x a cache
/// (STREAM's rule), std::par running serially, failed validations and errors (see to_report for per_size_notes).
std::vector<std::string> run_warnings(const measured_run& run, const std::vector<result_row>& rows,
                                      bool per_size_notes = true);

} // namespace policybench
