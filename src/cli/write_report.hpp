// --format: which writer renders the report.
#pragma once

#include "cli/options.hpp"
#include "cli/output_file.hpp"
#include "harness/result.hpp"
#include "report/report.hpp"

#include <optional>
#include <ostream>

namespace policybench {

/// Writes `report` to `out` as `format` asks: table, markdown, CSV or JSON (report/report.hpp); JSON with what a
/// mode adds to it.
void write_report(const benchmark_report& report, output_format format, std::ostream& out,
                  const json_addition& add = {});

/// write_report to `file` or stdout and finish_output, then on std::cerr what the chosen format leaves out: CSV's
/// and gbench's warnings, and the crossovers unless a table on screen carries them in its footer. The report is in
/// place before anything goes to stderr, and a closed or full stderr (SIGPIPE ignored meanwhile) does not end the
/// run or change its exit status: a report already written is never lost to a note about it.
void deliver_report(const benchmark_report& report, output_format format, std::optional<output_file>& file,
                    const json_addition& add = {});

/// Commits `file`, or without one flushes stdout. Throws std::runtime_error when the report cannot be written (a
/// closed stdout, a full disk): that is an error, not a silent exit 0.
void finish_output(std::optional<output_file>& file);

} // namespace policybench
