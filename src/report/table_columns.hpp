// The table's parts: its columns, each with its cells (a fixed set for the kinds of rows, each duration in its own
// unit), the text laid out in aligned, wrapped lines, and the footer.
#pragma once

#include "harness/result.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace policybench {

struct table_column {
  std::string header;
  /// One per row; a cell of several lines ('\n') makes its row as many lines, the other cells on the first
  std::vector<std::string> cells = {};
  bool left_aligned = false;
};

/// Writes the rows of `report` that ran, in one block per role (result_row::role), each with the columns its rows
/// need (table_columns.cpp): a fixed set that depends only on the kinds of rows, each duration in its own unit, the
/// median's interval in the median's. `wide` (and markdown): every column; else those that fit table_width.
void write_row_blocks(const benchmark_report& report, bool markdown, bool wide, std::ostream& out);

/// A share above 100 carries above_mark (beyond both intervals) or within_mark (within them).
inline constexpr const char* above_mark = " !";
inline constexpr const char* within_mark = " ~";

/// The policy's name; with `wrap`, a name of more than 32 characters broken after each " + ", the rest indented by
/// two ("thrust::cuda::par_nosync +\n  cuda::...").
std::string policy_label(std::string policy, bool wrap);

/// `n` and `noun`, with an "s" unless n is 1: "1 footprint", "3 footprints".
std::string count_of(std::uint64_t n, const char* noun);

/// Bytes in decimal units with three significant figures: 80000000 -> "80 MB", 1024000000 -> "1.02 GB".
std::string bytes_text(std::uint64_t bytes);

/// The default table's lines fit this many columns (its heading, footer and warnings wrapped); --wide does not.
inline constexpr std::size_t table_width = 120;

/// The header and `rows` rows of `columns`, each column as wide as its widest line, two spaces between (markdown:
/// pipes and a rule under the header); a row with a cell of several lines takes as many lines. A row's non-empty
/// `notes` entry follows it as written, outside the columns (not in markdown).
void write_rows(std::vector<table_column> columns, std::size_t rows, bool markdown, std::ostream& out,
                const std::vector<std::string>& notes = {});

/// `text` with each line longer than table_width broken at its last space within it, the rest indented by `indent`
/// spaces; a single word longer than a line is left whole.
std::string wrapped(const std::string& text, std::size_t indent = 4);

/// Writes the footer's lines of `report` (the peaks, the marks, the placement the host arrays got, the host and the
/// device, a mode's notes) to `out`, each led by `bullet` ("- " in markdown, "" in the table).
void write_table_footer(const benchmark_report& report, const char* bullet, std::ostream& out);

} // namespace policybench
