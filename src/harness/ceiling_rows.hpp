// The ceiling rows of a report: which one bounds a row, a row's share of it (median against median, like with
// like), and the figures environment.ceilings names them by.
#pragma once

#include "harness/result.hpp"
#include "measure/ceilings.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace policybench {

struct measured_run;

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
/// below 6 samples). Then the
/// ceiling did not bound: a cache-resident array, or a ceiling schedule that is not the fastest here. nullopt
/// without a share.
std::optional<bool> above_ceiling(const result_row& row, std::span<const result_row> rows);

/// environment.ceilings: for each ceiling the run could have (its key from policies/registry.cpp) its
/// median and best call in seconds and its median GB/s (GFLOP/s for compute ceilings), none where it did not run;
/// then the bounding host ceiling's figures, the device's theoretical peak, and at work > 1 the compute peaks.
ceiling_summary ceiling_figures(const measured_run& run, std::span<const result_row> rows);

} // namespace policybench
