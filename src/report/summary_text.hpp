// The summary (harness/summary.hpp) as the lines above the table and as the JSON report's "summary".
#pragma once

#include "harness/summary.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace policybench {

/// Two lines (each wrapped to 120 columns, continuation lines indented by two spaces): the fastest row and the rows
/// tied with it; the parallel speedup where it is real and the regime (the regime part only with a probe).
std::vector<std::string> summary_lines(const run_summary& s);

/// summary_lines under the table's heading (markdown: as list items), then a blank line.
void write_summary(const run_summary& s, bool markdown, std::ostream& out);

/// The README's "summary" object: every member of run_summary, the regime's probe points included.
nlohmann::ordered_json summary_json(const run_summary& s);

/// Bytes in decimal units with three significant figures: 80000000 -> "80 MB", 1024000000 -> "1.02 GB".
std::string bytes_text(std::uint64_t bytes);

} // namespace policybench
