// The table's cells: each duration column in the unit its values read best in, never 0.000, and columns that
// have no figure in any row left out.
#include <doctest/doctest.h>

#include "report/report.hpp"
#include "report/units.hpp"

#include <sstream>
#include <string>
#include <vector>

using namespace policybench;

TEST_CASE("a duration column takes the largest unit in which its smallest value is at least 1") {
  const std::vector<figure> micro{5.59e-6, 2e-3, figure()};
  const duration_format us = column_format(micro);
  CHECK(std::string(us.unit) == "us");
  CHECK(format_duration(micro[0], us) == "5.59");
  CHECK(format_duration(micro[1], us) == "2000.00");
  CHECK(format_duration(micro[2], us) == "-");
  CHECK(std::string(column_format(std::vector<figure>{0.5, 2}).unit) == "ms");
  CHECK(std::string(column_format(std::vector<figure>{2, 30}).unit) == "s");
  const duration_format ns = column_format(std::vector<figure>{3e-10, 1e-6});
  CHECK(std::string(ns.unit) == "ns");
  CHECK(format_duration(3e-10, ns) == "0.300");
  CHECK(format_duration(0.0, ns) == "0");
  CHECK(std::string(column_format(std::vector<figure>{}).unit) == "s");
}

TEST_CASE("three significant figures of a column's smallest value: never 0.000") {
  for (const double s : {1e-9, 1.5e-8, 3.3e-7, 1e-6, 9.99e-5, 1e-3, 0.25, 1.0, 120.0}) {
    CAPTURE(s);
    const duration_format f = column_format(std::vector<figure>{s});
    const std::string cell = format_duration(s, f);
    CHECK(cell.find_first_not_of("0.") != std::string::npos);
    CHECK(cell.size() >= 3);
  }
  CHECK(duration_text(5.59e-6) == "5.59 us");
  CHECK(duration_text(0.0123) == "12.3 ms");
}

TEST_CASE("the table leaves out columns that are empty in every row and names each duration's unit") {
  benchmark_report report;
  report.environment.config.size = 1000;
  result_row r;
  r.policy = "loop", r.device = "host", r.backend = "test", r.size = 1000, r.validated = true;
  r.cold_s = 2e-6, r.median_s = 1.5e-6, r.gb_per_s = 10.0;
  report.results.push_back(r);
  std::ostringstream out;
  write_table(report, false, out);
  const std::string text = out.str();
  CAPTURE(text);
  CHECK(text.find("median us") != std::string::npos);
  CHECK(text.find("cold us") != std::string::npos);
  CHECK(text.find("1.50") != std::string::npos);
  for (const char* hidden : {"kernel", "e2e", "speedup", "% ceiling"})
    CHECK(text.find(hidden) == std::string::npos);
  CHECK(text.find("0.000") == std::string::npos);
  report.results.push_back(r);
  report.results.back().policy = "cuda::kernel", report.results.back().kernel_median_s = 3e-3;
  std::ostringstream with_kernel;
  write_table(report, false, with_kernel);
  CHECK(with_kernel.str().find("kernel ms") != std::string::npos); // shown once one row has a figure
  CHECK(with_kernel.str().find("e2e") == std::string::npos);
  CHECK(with_kernel.str().find("reps") == std::string::npos); // every row made the same count: no column
  report.results.back().reps = 57;                            // a noise-driven row that stopped elsewhere
  std::ostringstream counts;
  write_table(report, false, counts);
  CHECK(counts.str().find("reps") != std::string::npos);
  CHECK(counts.str().find(" 57 ") != std::string::npos);
}
