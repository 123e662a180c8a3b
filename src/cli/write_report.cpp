// --format: the one place the command line's choice of format meets the writers.
#include "cli/write_report.hpp"

#include "report/report.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <stdexcept>
#include <string>

namespace policybench {

void write_report(const benchmark_report& report, output_format format, std::ostream& out, const json_addition& add) {
  switch (format) {
  case output_format::table: write_table(report, false, out); break;
  case output_format::markdown: write_table(report, true, out); break;
  case output_format::csv: write_csv(report, out); break;
  case output_format::json: write_json(report, out, add); break;
  case output_format::gbench: write_gbench(report, query_run_context(), out); break;
  }
}

void deliver_report(const benchmark_report& report, output_format format, std::optional<output_file>& file,
                    const json_addition& add) {
  write_report(report, format, file ? file->stream() : std::cout, add);
  const bool table_on_screen = !file && (format == output_format::table || format == output_format::markdown);
  finish_output(file);
  struct sigaction ignore {
  }, previous{};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &previous);
  if (format == output_format::csv || format == output_format::gbench) // formats without a place for warnings
    for (const auto& w : report.warnings)
      std::cerr << "warning: " << w << '\n';
  // The table carries the crossovers in its footer; whoever gets JSON, CSV or a file should still read them.
  if (report.crossovers && !table_on_screen)
    for (const auto& line : crossover_summary(*report.crossovers))
      std::cerr << "crossover: " << line << '\n';
  std::cerr.clear(); // a failed note is no failed run
  ::sigaction(SIGPIPE, &previous, nullptr);
}

void finish_output(std::optional<output_file>& file) {
  if (file)
    file->commit();
  else if (!std::cout.flush())
    throw std::runtime_error(std::string("cannot write the report to stdout: ") + std::strerror(errno));
}

} // namespace policybench
