// --format: which writer renders the report, and what goes to stderr beside it.
#pragma once

#include "cli/output_file.hpp"
#include "harness/result.hpp"
#include "report/report.hpp"

#include <optional>
#include <ostream>
#include <span>
#include <string_view>

namespace policybench {

/// The output formats' names (cli/write_report.cpp's table, --format's default first): what parse_options accepts
/// for --format.
std::span<const std::string_view> report_format_names();

/// Writes `report` in the format named `format` (one of report_format_names(); JSON with `add`) to `file` or
/// stdout and finish_output, then on std::cerr what that format leaves out: the warnings where it has no place for
/// them, and the crossovers unless a table on screen carries them in its footer. The report is in place before
/// anything goes to stderr, and a closed or full stderr (SIGPIPE ignored meanwhile) does not end the run or change
/// its exit status: a report already written is never lost to a note about it.
void deliver_report(const benchmark_report& report, std::string_view format, std::optional<output_file>& file,
                    const json_addition& add = {});

/// --list-policies: `registry` as a table or, with `format` "json", as JSON (report.hpp) to `file` or stdout, then
/// finish_output.
void deliver_policy_list(const std::vector<policy_entry>& registry, std::string_view format,
                         std::optional<output_file>& file);

/// Writes `report` (a long sweep's points so far) in the format named `format` to `file` and gives it the target's
/// name, atomically as the final report will replace it; nothing goes to stderr. `file` is committed afterwards:
/// open a new one for the next version.
void write_checkpoint(const benchmark_report& report, std::string_view format, output_file& file);

/// Commits `file`, or without one flushes stdout. Throws std::runtime_error when the report cannot be written (a
/// closed stdout, a full disk): that is an error, not a silent exit 0.
void finish_output(std::optional<output_file>& file);

} // namespace policybench
