// A run's measurements as a typed report: every figure computed once, with units in the field names.
#pragma once

#include "harness/result.hpp"
#include "harness/run.hpp"

#include <string>
#include <vector>

namespace policybench {

/// The report of one run: environment, one row per outcome in the run's order, and the warnings. gb_per_s from
/// the host-synchronous warm median; pct_of_ceiling as ceiling_rows.hpp and speedup_vs_loop as rules.hpp define
/// them; `reps` counts the timed calls the figures count; `threads` is the host concurrency during the run. Missing figures (unavailable policy,
/// no valid loop, a host policy's kernel time) are none. With `per_size_notes` false the cache and noise warnings
/// are left out: a size sweep states them once for its whole series.
benchmark_report to_report(const measured_run& run, bool per_size_notes = true);

/// The warnings about a run and its rows, one line each: noisy rows (cv above noisy_cv), arrays under 4x a cache
/// (STREAM's rule), std::par running serially, failed validations and errors (see to_report for per_size_notes).
std::vector<std::string> run_warnings(const measured_run& run, const std::vector<result_row>& rows,
                                      bool per_size_notes = true);

} // namespace policybench
