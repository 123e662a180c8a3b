// The table's cells: each duration in the unit it reads best in, never 0.000, its interval in the same unit and
// decimals; the default table within 120 columns, --wide with every column.
#include <doctest/doctest.h>

#include "lines_containing.hpp"
#include "report/synthetic_run.hpp"

#include "harness/run.hpp"
#include "report/report.hpp"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

using namespace policybench;

TEST_CASE("four significant figures of every duration: never 0.000") {
  for (const double s : {1e-9, 1.5e-8, 3.3e-7, 1e-6, 9.99e-5, 1e-3, 0.25, 1.0, 120.0}) {
    CAPTURE(s);
    const std::string cell = duration_cell(s);
    CHECK(cell.substr(0, cell.find(' ')).find_first_not_of("0.") != std::string::npos);
  }
}

TEST_CASE("each duration cell in its own unit, four significant figures, an interval in its median's") {
  CHECK(duration_cell(3.335e-6) == "3.335 us");
  CHECK(duration_cell(4e-8, 3.335e-6) == "0.040 us"); // never "40.000 ns" beside "3335 ns"
  CHECK(duration_cell(12345678e-9) == "12.35 ms");    // a sweep's large sizes: no 8-digit ns
  CHECK(duration_cell(123.4e-9) == "123.4 ns");
  CHECK(duration_cell(2.5) == "2.500 s");
  CHECK(duration_cell(figure()) == "-");
  CHECK(duration_cell(0.0) == "0");
  CHECK(duration_cell(3e-10) == "0.300 ns");
}

TEST_CASE("the table's columns depend only on the kinds of rows, --wide adds the rest") {
  benchmark_report report;
  report.environment.config.size = 1000;
  result_row r;
  r.policy = "loop", r.device = side::host, r.backend = "test", r.size = 1000, r.validated = true, r.reps = 10;
  r.cold_s = 2e-3, r.median_s = 1.5e-6, r.gb_per_s = 10.0;
  report.results.push_back(r);
  const auto header = [&](bool wide = true) {
    std::ostringstream out;
    write_table(report, false, out, wide);
    const std::string text = out.str();
    const auto start = text.find("\npolicy ") + 1; // the header row, not the first line's "policybench"
    return text.substr(start, text.find('\n', start) - start);
  };
  const std::string host_only = header();
  CAPTURE(host_only);
  // Host rows: the common figures, with '-' where none applies; no GPU and no MPI columns.
  for (const char* shown : {"reps", "disturbed", "cold", "median", "±", "% ceiling", "speedup", "eff. par."})
    CHECK(host_only.find(shown) != std::string::npos);
  // The default leaves out what --wide has beside the figures.
  for (const char* wide_only : {"cold", "backend", "validated"})
    CHECK(header(false).find(wide_only) == std::string::npos);
  for (const char* hidden : {"kernel", "e2e", "rank"})
    CHECK(host_only.find(hidden) == std::string::npos);
  // Other counts, figures or noise do not change the set.
  report.results[0].reps = 57, report.results[0].speedup_vs_loop = 1.0, report.results[0].median_ci_low_s = 1e-6;
  CHECK(header() == host_only);
  // An unavailable device row is not a device row that ran; one that ran adds the GPU views.
  report.results.push_back(r);
  report.results.back().device = side::device, report.results.back().status = row_status::unavailable;
  report.results.back().reason = "test: no device";
  CHECK(header() == host_only);
  measurement kernel;
  kernel.in_place.warm_s = {4e-3}, kernel.in_place.kernel_s = {3e-3};
  report.results.back().status = row_status::ok;
  add_gpu_views(report.results.back(), &kernel, false);
  CHECK(header().find("kernel") != std::string::npos);
  CHECK(header().find("e2e pageable") != std::string::npos);
  CHECK(header(false).find("e2e/kernel") != std::string::npos); // the ratio stays, its durations are --wide's
}

TEST_CASE("the default table, its footer and warnings fit 120 columns, the longest policy name wrapped at its +") {
  measured_run run = synthetic_run();
  run.outcomes.push_back(ran("thrust::cuda::par_nosync + cuda::proclaim_copyable_arguments", {1, 1.5, 0.5}));
  run.outcomes.push_back(ran("noisy", {1.0, 1.2, 0.8}));
  std::ostringstream out;
  write_table(to_report(run), false, out);
  std::vector<std::string> lines;
  std::istringstream in(out.str());
  for (std::string line; std::getline(in, line);) {
    CAPTURE(line);
    // Columns on screen: UTF-8 continuation bytes (the "±") take none.
    CHECK(std::count_if(line.begin(), line.end(), [](char c) { return (c & 0xC0) != 0x80; }) <= 120);
    lines.push_back(line);
  }
  CHECK(any_contains(lines, "thrust::cuda::par_nosync +"));
  CHECK(any_contains(lines, "  cuda::proclaim_copyable_arguments"));
  CHECK(count_containing(lines, "warning: warm times vary") == 1);
  std::ostringstream wide;
  write_table(to_report(run), false, wide, true);
  CHECK(wide.str().find("thrust::cuda::par_nosync + cuda::proclaim_copyable_arguments") != std::string::npos);
}

TEST_CASE("a lopsided interval shows both sides, never a ± wider than the interval below the median") {
  benchmark_report report;
  report.environment.config.size = 0;
  result_row r;
  r.policy = "loop", r.device = side::host, r.backend = "test", r.validated = true, r.reps = 10;
  r.median_s = 5.14e-3, r.median_ci_low_s = 5.0e-3, r.median_ci_high_s = 34.408e-3; // widened upwards by a rerun
  report.results.push_back(r);
  r.policy = "even", r.median_s = 3.335e-6, r.median_ci_low_s = 3.3e-6, r.median_ci_high_s = 3.38e-6;
  report.results.push_back(r);
  // Lopsided below the figures printed (a work sweep's point): both sides read 0.0, one half-width, not "-0.0/+0.0".
  r.policy = "flat", r.median_s = 123.4e-3, r.median_ci_low_s = 123.4e-3, r.median_ci_high_s = 123.42e-3;
  report.results.push_back(r);
  // One side below the figures printed, the other not: that side alone, not "-0.000/+0.010".
  r.policy = "one-sided", r.median_s = 2.0e-3, r.median_ci_low_s = 1.9999e-3, r.median_ci_high_s = 2.010e-3;
  report.results.push_back(r);
  for (const bool markdown : {false, true}) {
    std::ostringstream out;
    write_table(report, markdown, out);
    const std::string text = out.str();
    CAPTURE(text);
    CHECK(text.find("5.140 ms") != std::string::npos);
    CHECK(text.find("-0.140/+29.268") != std::string::npos); // in ms, the median's unit; not "14.704 ms"
    CHECK(text.find("14.704") == std::string::npos);
    CHECK(text.find("3.335 us") != std::string::npos);
    CHECK(text.find("0.040") != std::string::npos); // about even: one half-width, in the median's unit
    CHECK(text.find("0.040 us") == std::string::npos);
    CHECK(text.find("-0.0/+0.0") == std::string::npos);
    CHECK(text.find(" +0.010") != std::string::npos);
    CHECK(text.find("-0.000") == std::string::npos);
  }
}
