// The table's cells: each duration column in the unit its values read best in, never 0.000, and columns that
// have no figure in any row left out.
#include <doctest/doctest.h>

#include "harness/gpu_views.hpp"
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

TEST_CASE("the table's columns depend only on the kinds of rows, every duration in one unit") {
  benchmark_report report;
  report.environment.config.size = 1000;
  result_row r;
  r.policy = "loop", r.device = "host", r.backend = "test", r.size = 1000, r.validated = true, r.reps = 10;
  r.cold_s = 2e-3, r.median_s = 1.5e-6, r.gb_per_s = 10.0;
  report.results.push_back(r);
  const auto header = [&] {
    std::ostringstream out;
    write_table(report, false, out);
    const std::string text = out.str();
    const auto start = text.find("\npolicy ") + 1; // the header row, not the first line's "policybench"
    return text.substr(start, text.find('\n', start) - start);
  };
  const std::string host_only = header();
  CAPTURE(host_only);
  // Host rows: the common figures, with '-' where none applies; no GPU and no MPI columns.
  for (const char* shown : {"reps", "disturbed", "cold us", "median us", "± us", "% ceiling", "speedup", "eff. par."})
    CHECK(host_only.find(shown) != std::string::npos);
  for (const char* hidden : {"kernel", "e2e", "rank"})
    CHECK(host_only.find(hidden) == std::string::npos);
  // Other counts, figures or noise do not change the set; the cold call (2 ms) is still in us, the median's unit.
  report.results[0].reps = 57, report.results[0].speedup_vs_loop = 1.0, report.results[0].median_ci_low_s = 1e-6;
  CHECK(header() == host_only);
  // An unavailable device row is not a device row that ran; one that ran adds the GPU views.
  report.results.push_back(r);
  report.results.back().device = "device", report.results.back().status = row_status::unavailable;
  report.results.back().reason = "test: no device";
  CHECK(header() == host_only);
  measurement kernel;
  kernel.in_place.kernel_s = {3e-3};
  report.results.back().status = row_status::ok;
  gpu_view::add_gpu_views(report.results.back(), &kernel);
  CHECK(header().find("kernel us") != std::string::npos);
  CHECK(header().find("e2e pageable us") != std::string::npos);
}
