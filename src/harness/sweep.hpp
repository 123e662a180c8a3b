// Sweeps: the selected policies over a series of element counts, host thread counts or K, as one report, and what
// the series' points show together (crossovers, thread scaling, the roofline, the notes said once).
#pragma once

#include "harness/result.hpp"
#include "harness/run.hpp"
#include "harness/sweep_plan.hpp"

#include <cstddef>
#include <functional>
#include <string_view>
#include <vector>

namespace policybench {

/// Announces each policy a sweep is about to measure: `what` (e.g. "std::par at 31623 elements") and the number
/// of measurements planned in all.
using sweep_callback = std::function<void(std::string_view what, std::size_t total)>;
/// Receives, after each point but the last, the report of the points measured so far (finish_sweep_report), so that
/// a long sweep's work is kept as it goes.
using sweep_point_callback = std::function<void(benchmark_report so_far)>;

/// Runs `plan` (size, threads or work) with `run`'s type, warm-up, reps and min_time_s and returns one report: every
/// point's rows (to_report), completed by finish_sweep_report, and the warnings, each said once and prefixed with its
/// point. A thread sweep runs host policies only, at thread_series(the CPUs the process may use) and run.size
/// elements. A size sweep runs plan_size_series(plan.min_size, plan.max_size) and stops early, keeping what it
/// measured, when a point runs out of host memory (std::bad_alloc); stop_reason says where and why. Ctrl-C
/// (interrupt_requested) ends it after the point in progress, whose rows keep what they measured (run_policies), with
/// stop_reason saying so. `clock` (schedule.hpp: sweep_clock) shares the sweep's time over its points. Throws
/// insufficient_memory when not even plan.min_size fits, std::bad_alloc when the first point does not, and what
/// run_policies throws.
benchmark_report run_sweep(const sweep_plan& plan, const run_config& run, sweep_clock clock, const host_info& host,
                           const device_info& device, const std::vector<policy_entry>& selected,
                           const sweep_callback& starting = {}, const sweep_point_callback& finished = {});

/// Completes `report`, which holds every point's rows and the last point's environment, as a report of `sweep`:
/// a work sweep's rooflines on the last point's ceilings, its crossovers by K and compute-bound K; a size sweep's
/// crossovers; a thread sweep's scaling; for every sweep, once for the series with the points named, the cache and
/// noise notes (arrays of `element_bytes`-byte elements). The config fields the sweep varies are reset (unknown);
/// report.sweep becomes `sweep`.
void finish_sweep_report(benchmark_report& report, sweep_info sweep, std::size_t element_bytes);

} // namespace policybench
