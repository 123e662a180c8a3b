// Sweeps: the selected policies over a series of element counts or of host thread counts, as one report.
#pragma once

#include "harness/run.hpp"

#include <nlohmann/json.hpp>

#include <vector>

namespace policybench {

/// Runs opts.sweep (size or threads, not none) and returns its report: to_json's "environment" (config.size is
/// null in a size sweep, config.threads_limit null in a thread sweep; the ceilings are the last point's),
/// "results" (one row per policy and point, result_rows' schema; a thread sweep adds speedup_vs_1_thread =
/// the policy's own 1-thread median / its median, and parallel_efficiency = that speedup / threads),
/// "sweep" {kind, min_size, max_size, min_time_s, series: [{size, threads, host_copy_gb_per_s,
/// device_copy_gb_per_s}], stopped_at, stop_reason}, "crossovers" (size sweeps: crossovers_json) and "warnings"
/// (each point's, prefixed with the point). A thread sweep runs host policies only, at thread_series(logical
/// cores) and opts.run.size elements; a size sweep at plan_size_series(opts.min_size, opts.max_size). Progress
/// goes to stderr unless opts.quiet. Throws usage_error when not even opts.min_size fits in memory, and what
/// run_policies throws.
nlohmann::ordered_json run_sweep(const options& opts, const host_info& host, const device_info& device,
                                 const std::vector<policy_entry>& selected);

} // namespace policybench
