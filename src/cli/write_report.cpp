// --format: the one place the command line's choice of format meets the writers.
#include "cli/write_report.hpp"

#include "report/report.hpp"

namespace policybench {

void write_report(const benchmark_report& report, output_format format, std::ostream& out) {
  switch (format) {
  case output_format::table: write_table(report, false, out); break;
  case output_format::markdown: write_table(report, true, out); break;
  case output_format::csv: write_csv(report, out); break;
  case output_format::json: write_json(report, out); break;
  case output_format::gbench: write_gbench(report, query_run_context(), out); break;
  }
}

} // namespace policybench
