// --compare-with: reports of other runs (scripts/seed_compare.py, another machine) read, checked against the JSON
// schema and appended to this run's report, each row marked with the file it came from.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace policybench {

/// A report read from a --compare-with file.
struct compared_report {
  std::string path; ///< as given on the command line
  nlohmann::ordered_json report;
};

/// Reads every file in `paths` and checks it against the JSON schema (README): environment.config.size and .type,
/// and a results array whose rows carry every result field with the right kind (string, number, bool or null).
/// Throws usage_error naming --compare-with, the file and what is wrong: missing, unreadable, not JSON, not the
/// schema (e.g. "results[2].median_s is a string, expected a number or null").
std::vector<compared_report> read_compared(const std::vector<std::string>& paths);

/// Appends each compared report's rows to `report` (as made by to_json) with the fields of this run's rows, plus
/// "source": the file's path (null on this run's rows). speedup_vs_loop is recomputed against this run's `loop`
/// median (null when this run has no valid loop, or the file's element type or count differs); a row without its
/// own pct_of_ceiling is set against this run's ceiling for its device (GB/s over the copy's GB/s). Adds one
/// warning per file whose element type, count or CPU model differs from this run's, and the file's own warnings,
/// prefixed with its path.
void append_compared(nlohmann::ordered_json& report, const std::vector<compared_report>& compared);

} // namespace policybench
