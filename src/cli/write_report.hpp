// --format: which writer renders the report.
#pragma once

#include "cli/options.hpp"
#include "cli/output_file.hpp"
#include "harness/result.hpp"

#include <optional>
#include <ostream>

namespace policybench {

/// Writes `report` to `out` as `format` asks: table, markdown, CSV or JSON (report/report.hpp).
void write_report(const benchmark_report& report, output_format format, std::ostream& out);

/// write_report, then on std::cerr what the chosen format leaves out: CSV's warnings, and the crossovers unless a
/// table on screen (`to_file` false) carries them in its footer.
void deliver_report(const benchmark_report& report, output_format format, bool to_file, std::ostream& out);

/// Commits `file`, or without one flushes stdout. Throws std::runtime_error when the report cannot be written (a
/// closed stdout, a full disk): that is an error, not a silent exit 0.
void finish_output(std::optional<output_file>& file);

} // namespace policybench
