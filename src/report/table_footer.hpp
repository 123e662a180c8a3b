// The table's footer: the ceilings, the placement the host arrays got, the host and the device, a mode's notes.
#pragma once

#include "harness/result.hpp"

#include <ostream>

namespace policybench {

/// Writes the footer's lines of `report` to `out`, each led by `bullet` ("- " in markdown, "" in the table).
void write_table_footer(const benchmark_report& report, const char* bullet, std::ostream& out);

} // namespace policybench
