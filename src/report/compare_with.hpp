// --compare-with: reports of other runs (scripts/seed_compare.py, another machine) read into typed rows, checked
// against the JSON schema in one place, and appended to this run's report, each row marked with its file.
#pragma once

#include "harness/result.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace policybench {

/// A file that is not a usable report; what() is "'<path>': <why>", e.g. "'a.json': no such file".
struct unusable_report : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A report read from a --compare-with file: what this run is compared on, and its rows.
struct compared_report {
  std::string path;      ///< as given on the command line
  std::string type = ""; ///< environment.config.type
  std::uint64_t size = 0;
  std::optional<std::string> cpu_model = std::nullopt;
  std::vector<std::string> warnings = {};
  std::vector<result_row> rows = {}; ///< each with its source (source_of): the row's own, else `path`
};

/// The file a compared row came from (its extra "source", text); nullopt for this run's rows.
std::optional<std::string> source_of(const result_row& row);

/// The extra that marks a row as read from `path` (JSON only: the table shows it beside the policy).
extra source_extra(std::string path);

/// Reads every file in `paths` (compared_from_json). Throws unusable_report for a missing file, a directory, a
/// FIFO, device or socket (refused before it is opened: reading a FIFO would wait forever), an unreadable file
/// or text that is not JSON.
std::vector<compared_report> read_compared(const std::vector<std::string>& paths);

/// `doc` checked against the schema (README): environment.config.size and .type, and a results array whose rows
/// carry every required common field (row_fields.hpp) with the right kind; any other field of a row that is a
/// number >= 0, a string or null is read as an extra (arrays and objects are left out). Throws unusable_report
/// naming the flaw, e.g. "'a.json': /results/2/median_s is string, expected a number or null".
compared_report compared_from_json(const std::string& path, const nlohmann::ordered_json& doc);

/// Appends each compared report's rows to `report` (call it after the exit status is decided from this run's rows:
/// harness/rules.hpp all_valid). speedup_vs_loop is
/// recomputed against this run's loop baseline (none when the file's element type or count differs); a row
/// without its own pct_of_ceiling is set against this run's ceiling for its device. Adds one warning per file
/// whose element type, count or CPU model differs from this run's, then the file's own, prefixed with its path.
void append_compared(benchmark_report& report, const std::vector<compared_report>& compared);

} // namespace policybench
