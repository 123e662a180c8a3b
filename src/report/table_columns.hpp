// The table's columns, each with its cells: durations in the unit that suits the column, empty columns left out.
#pragma once

#include "harness/result.hpp"

#include <string>
#include <vector>

namespace policybench {

struct table_column {
  std::string header; ///< e.g. "median us": a duration column names the unit its values are in
  std::vector<std::string> cells;
  bool left_aligned = false;
};

/// The columns for `rows` of `report` (a sweep leads with its size or threads and the timed calls; a thread
/// sweep ends with the scaling), one cell per row. A column that is '-' in every row is left out.
std::vector<table_column> table_columns(const benchmark_report& report, const std::vector<const result_row*>& rows);

/// The policy, with the file it came from in brackets for a --compare-with row.
std::string policy_label(const result_row& r);

/// `v` x `scale` with `decimals` and `suffix`, or "-" when unknown.
std::string fixed_cell(figure v, double scale, int decimals, const char* suffix = "");

} // namespace policybench
