// The table's columns, each with its cells: a fixed set for the kinds of rows, every duration in one unit.
#pragma once

#include "harness/result.hpp"

#include <string>
#include <vector>

namespace policybench {

struct table_column {
  std::string header; ///< e.g. "median us": a duration column names the unit its values are in
  std::vector<std::string> cells = {};
  bool left_aligned = false;
};

/// The columns for `rows` of `report`, one cell per row: a fixed set that depends only on the kinds of rows (a
/// sweep leads with its size or threads; the rows' extras with a column come before "validated", as
/// extra_column says), '-' where a figure does not apply. Every duration is in one unit.
/// A share of the ceiling above 100 carries above_mark (beyond both intervals) or within_mark (within them). The
/// ceilings' block (`ceilings`) shows each one's best call where the policies show their speedup.
std::vector<table_column> table_columns(const benchmark_report& report, const std::vector<const result_row*>& rows,
                                        bool ceilings = false);

inline constexpr const char* above_mark = " !";
inline constexpr const char* within_mark = " ~";

/// The policy, with the file it came from in brackets for a --compare-with row.
std::string policy_label(const result_row& r);

/// `v` x `scale` with `decimals` and `suffix`, or "-" when unknown.
std::string fixed_cell(figure v, double scale, int decimals, const char* suffix = "");

} // namespace policybench
