// What a sweep's points show together: its rows joined into one report with what the series says (crossovers,
// thread scaling, the roofline, the notes said once), for the whole series or for the points measured so far.
#pragma once

#include "harness/result.hpp"

#include <cstddef>

namespace policybench {

/// Completes `report`, which holds every point's rows and the last point's environment, as a report of `sweep`:
/// a work sweep's rooflines on the last point's ceilings, its crossovers by K and compute-bound K; a size sweep's
/// crossovers and, once for the series, the cache and noise notes (arrays of `element_bytes`-byte elements); a
/// thread sweep's scaling. The config fields the sweep varies are reset (unknown); report.sweep becomes `sweep`.
void finish_sweep_report(benchmark_report& report, sweep_info sweep, std::size_t element_bytes);

} // namespace policybench
