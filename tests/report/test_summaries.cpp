// Every declared summary reaches every format: a figure is one declaration (report/summaries.cpp), and no writer may
// leave one out.
#include <doctest/doctest.h>

#include "report/report.hpp"

#include <set>
#include <sstream>
#include <string>

using namespace policybench;

namespace {

// A row with every mode's figures, each known.
benchmark_report every_figure() {
  result_row r{.policy = "p", .device = side::device, .backend = "test", .type = "float64", .size = 1000};
  r.bytes_per_call = 16000, r.reps = 2, r.threads = 2, r.samples_s = {1e-3, 2e-3};
  r.min_s = 1e-3, r.median_s = 1.5e-3, r.mean_s = 1.5e-3, r.stddev_s = 7e-4, r.cv = 0.47;
  r.kernel = {.median_s = 5e-4, .low_s = 4e-4, .high_s = 6e-4};
  r.gpu = gpu_figures{.kernel_gb_per_s = 32,
                      .no_kernel_time_reason = "none",
                      .sm_clock_before_mhz = 1980,
                      .sm_clock_after_mhz = 1755,
                      .memory_clock_before_mhz = 3201,
                      .memory_clock_after_mhz = 3201,
                      .e2e_pageable_cold_s = 0.5,
                      .e2e_pageable_median_s = 0.2,
                      .e2e_pinned_median_s = 0.05,
                      .e2e_over_kernel = 400};
  r.flops = flop_figures{.flops_per_call = 8000, .gflop_per_s = 5.3};
  r.roofline = roofline_place{.work = 4, .flop_per_byte = 0.5, .bound_gflop_per_s = 10, .pct_of_bound = 53};
  r.scaling = thread_scaling{.speedup_vs_1_thread = 1.6, .parallel_efficiency = 0.8};
  r.ranks = rank_spread{.median_min_s = 1e-3, .median_max_s = 2e-3, .imbalance = 2};
  benchmark_report report;
  report.results = {r};
  return report;
}

// Every table a column can be in: markdown (every column) of `report` with a ceiling row beside its policy, then as
// a sweep along each axis (the axis' own column).
std::string every_table(benchmark_report report) {
  report.results.push_back(report.results[0]);
  report.results.back().role = stream_role::ceiling;
  std::ostringstream out;
  write_table(report, true, out);
  for (const sweep_axis& axis : sweep_axes()) {
    report.sweep = sweep_info{};
    report.sweep->kind = axis.kind;
    report.sweep->series = {series_point{.size = 1000, .threads = 2}};
    write_table(report, true, out);
  }
  return out.str();
}

// Whether `text` has a markdown cell that holds `cell` alone: "|", spaces, the cell, spaces, "|".
bool has_cell(const std::string& text, const std::string& cell) {
  for (auto at = text.find(cell); at != std::string::npos; at = text.find(cell, at + 1)) {
    const auto before = at == 0 ? std::string::npos : text.find_last_not_of(' ', at - 1);
    const auto after = text.find_first_not_of(' ', at + cell.size());
    if (before != std::string::npos && text[before] == '|' && after != std::string::npos && text[after] == '|')
      return true;
  }
  return false;
}

} // namespace

TEST_CASE("every declared summary is in JSON and CSV, each known figure of a mode a gbench counter, each column in "
          "the table") {
  const benchmark_report report = every_figure();
  const auto json_row = to_json(report)["results"][0];
  std::ostringstream csv;
  write_csv(report, csv);
  const std::string table = every_table(report);
  std::set<std::string> csv_header;
  std::istringstream header(csv.str().substr(0, csv.str().find('\n')));
  for (std::string name; std::getline(header, name, ',');)
    csv_header.insert(name);
  const auto counters = to_gbench_json(report, {})["benchmarks"][0];
  std::size_t columns = 0;
  for (const summary& s : summaries()) {
    const std::string name = s.name;
    CAPTURE(name);
    CHECK(json_row.contains(s.name));
    const auto* member = std::get_if<row_member>(&s.value);
    if (!member || !std::holds_alternative<std::vector<double> result_row::*>(*member))
      CHECK(csv_header.count(s.name) == 1); // arrays (samples_s) only JSON carries
    if (std::holds_alternative<figure>(mode_value_of(report.results[0], s))) CHECK(counters.contains(s.name));
    if (!s.column.header) continue;
    ++columns;
    CHECK(has_cell(table, s.column.header));
  }
  // The common columns are declared too (policy, reps, disturbed, ..., validated), not laid out beside the list.
  CHECK(columns >= 16);
}

TEST_CASE("a mode's summary is in a report only where one of its rows has that mode") {
  benchmark_report report = every_figure();
  report.results[0].gpu.reset(), report.results[0].ranks.reset();
  const auto json_row = to_json(report)["results"][0];
  CHECK_FALSE(json_row.contains("kernel_median_s"));
  CHECK_FALSE(json_row.contains("imbalance"));
  CHECK(json_row.contains("pct_of_roofline"));
  report.results.push_back(every_figure().results[0]); // a second row with them: the first's are null
  const auto both = to_json(report)["results"];
  CHECK(both[0]["kernel_median_s"].is_null());
  CHECK(both[1]["kernel_median_s"] == 5e-4);
}
