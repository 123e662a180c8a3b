// The table's columns: what each shows of a result row, and which are worth showing for these rows.
#include "report/table_columns.hpp"

#include "report/units.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

namespace policybench {
namespace {

using cell_of = std::function<std::string(const result_row&)>;

table_column column(std::string header, const std::vector<const result_row*>& rows, const cell_of& cell,
                    bool left_aligned = false) {
  table_column out{std::move(header), {}, left_aligned};
  for (const result_row* r : rows)
    out.cells.push_back(cell(*r));
  return out;
}

using figure_of = std::function<figure(const result_row&)>;

// A duration column: its unit chosen from the column's own values.
table_column durations(const char* name, const figure_of& field, const std::vector<const result_row*>& rows) {
  std::vector<figure> values;
  for (const result_row* r : rows)
    values.push_back(field(*r));
  const duration_format f = column_format(values);
  return column(fmt::format("{} {}", name, f.unit), rows,
                [&](const result_row& r) { return format_duration(field(r), f); });
}

table_column durations(const char* name, figure result_row::*field, const std::vector<const result_row*>& rows) {
  return durations(
      name, [field](const result_row& r) { return r.*field; }, rows);
}

// Half the width of the median's confidence interval: the table's "median ± half-width".
figure ci_half_width(const result_row& r) {
  return r.median_ci_low_s && r.median_ci_high_s ? figure((*r.median_ci_high_s - *r.median_ci_low_s) / 2) : figure();
}

table_column fixed(const char* header, figure result_row::*field, const std::vector<const result_row*>& rows,
                   double scale, int decimals, const char* suffix = "") {
  return column(header, rows, [&](const result_row& r) { return fixed_cell(r.*field, scale, decimals, suffix); });
}

} // namespace

std::string policy_label(const result_row& r) {
  return r.source ? fmt::format("{} [{}]", r.policy, *r.source) : r.policy;
}

std::string fixed_cell(figure v, double scale, int decimals, const char* suffix) {
  return v ? fmt::format("{:.{}f}{}", *v * scale, decimals, suffix) : "-";
}

std::vector<table_column> table_columns(const benchmark_report& report, const std::vector<const result_row*>& rows) {
  using r = result_row;
  const auto count = [](auto field) { return [field](const r& row) { return fmt::format("{}", row.*field); }; };
  const auto text = [](std::string r::*field) { return [field](const r& row) { return row.*field; }; };
  const sweep_kind kind = report.sweep ? report.sweep->kind : sweep_kind::none;
  std::vector<table_column> out;
  if (kind == sweep_kind::size) out.push_back(column("size", rows, count(&r::size)));
  if (kind == sweep_kind::threads)
    out.push_back(column("threads", rows, [](const r& row) { return fmt::format("{}", row.threads.value_or(0)); }));
  out.push_back(column("policy", rows, policy_label, true));
  // The timed calls each row made, where they differ: a sweep's, or a run that stopped by noise or time.
  const bool counts_vary =
      std::any_of(rows.begin(), rows.end(), [&](const result_row* row) { return row->reps != rows.front()->reps; });
  if (kind != sweep_kind::none || counts_vary) out.push_back(column("reps", rows, count(&r::reps)));
  out.push_back(column("device", rows, text(&r::device), true));
  out.push_back(column("backend", rows, text(&r::backend), true));
  out.push_back(durations("cold", &r::cold_s, rows));
  out.push_back(durations("median", &r::median_s, rows));
  out.push_back(durations("±", ci_half_width, rows));
  out.push_back(fixed("GB/s", &r::gb_per_s, rows, 1, 1));
  out.push_back(fixed("% ceiling", &r::pct_of_ceiling, rows, 1, 1));
  out.push_back(fixed("speedup", &r::speedup_vs_loop, rows, 1, 2, "x"));
  out.push_back(fixed("eff. par.", &r::effective_parallelism, rows, 1, 2));
  out.push_back(durations("fastest rank", &r::rank_median_min_s, rows));
  out.push_back(durations("slowest rank", &r::rank_median_max_s, rows));
  out.push_back(fixed("imbalance", &r::imbalance, rows, 1, 3, "x"));
  out.push_back(durations("kernel", &r::kernel_median_s, rows));
  out.push_back(durations("e2e pageable", &r::e2e_pageable_median_s, rows));
  out.push_back(durations("e2e pinned", &r::e2e_pinned_median_s, rows));
  out.push_back(fixed("e2e/kernel", &r::e2e_over_kernel, rows, 1, 0, "x"));
  out.push_back(column("validated", rows, [](const r& row) { return std::string(row.validated ? "yes" : "NO"); }));
  if (kind == sweep_kind::threads) {
    out.push_back(fixed("vs 1 thread", &r::speedup_vs_1_thread, rows, 1, 2, "x"));
    out.push_back(fixed("efficiency", &r::parallel_efficiency, rows, 100, 0, "%"));
  }
  std::erase_if(out, [](const table_column& c) {
    return std::all_of(c.cells.begin(), c.cells.end(), [](const std::string& s) { return s == "-"; });
  });
  return out;
}

} // namespace policybench
