// The table's text laid out: aligned columns of cells, and lines wrapped to table_width.
#pragma once

#include "report/table_columns.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace policybench {

/// A cell's lines: the text between its '\n's.
std::vector<std::string> lines_of(const std::string& cell);

/// The header and `rows` rows of `columns`, each column as wide as its widest line, two spaces between (markdown:
/// pipes and a rule under the header); a row with a cell of several lines takes as many lines.
void write_rows(std::vector<table_column> columns, std::size_t rows, bool markdown, std::ostream& out);

/// `text` with each line longer than table_width broken at its last space within it, the rest indented by four;
/// a single word longer than a line is left whole.
std::string wrapped(const std::string& text);

} // namespace policybench
