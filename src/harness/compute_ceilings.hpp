// The compute ceilings of a run with work per element (--work K > 1): measured beside the bandwidth ceilings, and
// turned into the report's GFLOP/s figures.
#pragma once

#include "harness/result.hpp"
#include "harness/run.hpp"

namespace policybench {

/// Measures run.host_compute (when `host_rows`) and run.device_compute (an available device, nvcc builds) for
/// run.config.type, once per run and only when run.config.work > 1: at K = 1 nothing is compute-bound, and today's
/// figures stay as they were. A device error lands in run.device_ceiling_error; the run goes on.
void measure_compute_ceilings(measured_run& run, bool host_rows);

/// Sets c's compute figures from run.host_compute and run.device_compute: the fastest call in GFLOP/s, the
/// theoretical peak where known, and the kernel and peak descriptions.
void add_compute_ceilings(ceilings& c, const measured_run& run);

} // namespace policybench
