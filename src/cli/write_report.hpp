// --format: which writer renders the report.
#pragma once

#include "cli/options.hpp"
#include "harness/result.hpp"

#include <ostream>

namespace policybench {

/// Writes `report` to `out` as `format` asks: table, markdown, CSV or JSON (report/report.hpp).
void write_report(const benchmark_report& report, output_format format, std::ostream& out);

} // namespace policybench
