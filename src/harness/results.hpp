// A run as data: every figure a report shows, computed once, with units in the field names.
#pragma once

#include "harness/run.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace policybench {

/// The report of `run` as {"environment": {...}, "results": [...], "warnings": [...]}; the schema is in the
/// README. Times in seconds (`_s`), sizes in bytes (`_bytes`), throughput in GB/s (10^9 bytes/s) counting
/// read + write of every element per call (STREAM). Per result: gb_per_s from the host-synchronous warm
/// median; pct_of_ceiling compares like with like (host policies: host clock against the host copy; device
/// policies: CUDA events against the device-to-device copy); speedup_vs_loop = loop median / median.
/// Missing figures (unavailable policy, no loop in the run, host policy's kernel time) are null.
nlohmann::ordered_json to_json(const run_report& run);

/// The "environment" object of to_json: the run's settings, host, device and ceilings.
nlohmann::ordered_json environment_json(const run_report& run);

/// The "results" array of to_json: one object per outcome, in the run's order. `reps` counts the timed calls
/// made (they vary per policy with min_time_s); `threads` is the host concurrency during the run.
nlohmann::ordered_json result_rows(const run_report& run);

/// The warnings about a run, one line each: noisy policies (cv above 5%), arrays under 4x a cache (STREAM's
/// rule), std::par running serially, failed validations and errors. Without `per_size_notes` the cache and noise
/// lines are left out: a size sweep states them once for its whole series (sweep_warnings).
std::vector<std::string> run_warnings(const run_report& run, bool per_size_notes = true);

} // namespace policybench
