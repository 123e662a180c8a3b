// The table's text laid out: cells of several lines in aligned columns, and long lines wrapped to the table's width.
#include "report/table_columns.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <ostream>

namespace policybench {
namespace {

// A cell's lines: the text between its '\n's.
std::vector<std::string> lines_of(const std::string& cell) {
  std::vector<std::string> out{""};
  for (const char c : cell)
    if (c == '\n')
      out.emplace_back();
    else
      out.back().push_back(c);
  return out;
}

} // namespace

std::string policy_label(std::string policy, bool wrap) {
  if (wrap && policy.size() > 32)
    for (auto at = policy.find(" + "); at != std::string::npos; at = policy.find(" + ", at))
      policy.replace(at, 3, " +\n  ");
  return policy;
}

void write_rows(std::vector<table_column> columns, std::size_t rows, bool markdown, std::ostream& out,
                const std::vector<std::string>& notes) {
  std::vector<std::size_t> width(columns.size());
  for (std::size_t c = 0; c < columns.size(); ++c) {
    width[c] = columns[c].header.size();
    for (const auto& cell : columns[c].cells)
      for (const auto& part : lines_of(cell))
        width[c] = std::max(width[c], part.size());
  }
  // One line of a row: line `at` of each cell, blank where a cell has fewer lines.
  const auto line = [&](auto cell_of, std::size_t at) {
    std::string text = markdown ? "| " : "";
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const auto parts = lines_of(cell_of(columns[c]));
      const std::string cell = at < parts.size() ? parts[at] : "";
      text += columns[c].left_aligned ? fmt::format("{:<{}}", cell, width[c]) : fmt::format("{:>{}}", cell, width[c]);
      text += markdown ? " | " : (c + 1 < columns.size() ? "  " : "");
    }
    while (!text.empty() && text.back() == ' ')
      text.pop_back();
    out << text << '\n';
  };
  const auto row = [&](auto cell_of) {
    std::size_t height = 1;
    for (const auto& c : columns)
      height = std::max(height, lines_of(cell_of(c)).size());
    for (std::size_t at = 0; at < height; ++at)
      line(cell_of, at);
  };
  row([](const table_column& c) -> const std::string& { return c.header; });
  if (markdown) {
    std::string rule = "|";
    for (std::size_t c = 0; c < width.size(); ++c)
      rule += fmt::format(fmt::runtime(columns[c].left_aligned ? " :{} |" : " {}: |"), std::string(width[c] - 1, '-'));
    out << rule << '\n';
  }
  for (std::size_t r = 0; r < rows; ++r) {
    row([r](const table_column& c) -> const std::string& { return c.cells[r]; });
    if (!markdown && r < notes.size() && !notes[r].empty()) out << notes[r] << '\n';
  }
}

std::string wrapped(const std::string& text, std::size_t indent) {
  std::string out;
  for (std::string line : lines_of(text)) {
    while (line.size() > table_width) {
      const auto space = line.rfind(' ', table_width);
      if (space == std::string::npos || space <= indent) break; // one word longer than a line: left whole
      out += line.substr(0, space) + '\n';
      line = std::string(indent, ' ') + line.substr(space + 1);
    }
    out += line + '\n';
  }
  out.pop_back(); // lines_of gave one line more than text had newlines
  return out;
}

} // namespace policybench
