// The table's columns: what each shows of a result row; the set depends only on the kinds of rows.
#include "report/table_columns.hpp"

#include "harness/ceiling_rows.hpp"
#include "report/report.hpp"
#include "report/summaries.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

namespace policybench {
namespace {

using cell_of = std::function<std::string(const result_row&)>;

table_column column(std::string header, const std::vector<const result_row*>& rows, const cell_of& cell,
                    bool left_aligned = false) {
  table_column out{.header = std::move(header), .left_aligned = left_aligned};
  for (const result_row* r : rows)
    out.cells.push_back(cell(*r));
  return out;
}

// A duration column: each cell in its own unit (duration_cell), so that a sweep's sizes all read in three figures.
table_column durations(const char* name, const std::function<figure(const result_row&)>& field,
                       const std::vector<const result_row*>& rows) {
  return column(name, rows, [&](const result_row& r) { return duration_cell(field(r)); });
}

// `v` x `scale` with `decimals` and `suffix`, or "-" when unknown.
std::string fixed_cell(figure v, double scale, int decimals, const char* suffix = "") {
  return v ? fmt::format("{:.{}f}{}", *v * scale, decimals, suffix) : "-";
}

// The median's 95% interval, numbers alone in the median's unit and decimals: "half-width" where it is about even; a
// lopsided one (a side over 1.5x the other: widened to take in what a rerun sees) "-below/+above", never a wider ±.
std::string interval_cell(const result_row& r) {
  if (!r.median_s || !r.median_ci_low_s || !r.median_ci_high_s) return "-";
  const double below = std::max(0.0, *r.median_s - *r.median_ci_low_s);
  const double above = std::max(0.0, *r.median_ci_high_s - *r.median_s);
  const auto number = [&](double s) {
    const std::string cell = duration_cell(s, r.median_s);
    return cell.substr(0, cell.find(' '));
  };
  if (std::max(below, above) <= 1.5 * std::min(below, above)) return number((below + above) / 2);
  return fmt::format("-{}/+{}", number(below), number(above)); // not "-" + ...: GCC 12 warns falsely (-Wrestrict)
}

// A mode's column as its summary says: seconds as durations, other figures fixed, texts as they are.
table_column mode_column(const summary& s, const std::vector<const result_row*>& rows) {
  return column(s.column.header, rows, [&](const result_row& r) {
    const mode_value v = mode_value_of(r, s);
    if (const auto* text = std::get_if<std::optional<std::string>>(&v)) return text->value_or("-");
    const figure f = std::holds_alternative<figure>(v) ? std::get<figure>(v) : figure();
    return std::string_view(s.unit) == "s" ? duration_cell(f)
                                           : fixed_cell(f, s.column.scale, s.column.decimals, s.column.suffix);
  });
}

// A share of the ceiling; above 100 it is marked, never bare (the footer says why).
std::string ceiling_cell(const result_row& r) {
  if (!r.pct_of_ceiling || *r.pct_of_ceiling <= 100) return fixed_cell(r.pct_of_ceiling, 1, 1);
  return fixed_cell(r.pct_of_ceiling, 1, 1, r.above_ceiling.value_or(false) ? above_mark : within_mark);
}

// The columns for `rows`, one cell per row ('-' where a figure does not apply); the ceilings' block shows each one's
// best call where the policies show their speedup. Without `wide`: no device, backend, cold call, validated or extra
// durations (the warnings name rows that failed validation), and long policy names wrapped.
std::vector<table_column> table_columns(const benchmark_report& report, const std::vector<const result_row*>& rows,
                                        bool ceilings, bool wide) {
  using r = result_row;
  const auto count = [](auto field) {
    return [field](const r& row) { return row.*field ? fmt::format("{}", *(row.*field)) : std::string("-"); };
  };
  const sweep_kind kind = report.sweep ? report.sweep->kind : sweep_kind::none;
  std::vector<table_column> out;
  if (kind == sweep_kind::size)
    out.push_back(column("size", rows, [](const r& row) { return fmt::format("{}", row.size); }));
  if (kind == sweep_kind::threads)
    out.push_back(column("threads", rows, [](const r& row) { return fmt::format("{}", row.threads); }));
  out.push_back(column(
      "policy", rows, [&](const r& row) { return policy_label(row.policy, !wide); }, true));
  out.push_back(column("reps", rows, count(&r::reps)));
  out.push_back(column("disturbed", rows, [&](const r& row) {
    return count(&r::disturbed_calls)(row) + (row.mostly_disturbed.value_or(false) ? " (most)" : "");
  }));
  if (wide) {
    out.push_back(column(
        "device", rows, [](const r& row) { return std::string(to_string(row.device)); }, true));
    out.push_back(column(
        "backend", rows, [](const r& row) { return row.backend; }, true));
    out.push_back(durations("cold", &r::cold_s, rows));
  }
  out.push_back(durations("median", &r::median_s, rows));
  out.push_back(column("±", rows, interval_cell));
  // With K fused steps a policy row is bound by its FLOPs (GFLOP/s, % roofline), not by the bytes it moves.
  const bool flop_bound = !ceilings && report.environment.config.work.value_or(1) > 1;
  out.push_back(column("GB/s", rows, [&](const r& row) { return flop_bound ? "-" : fixed_cell(row.gb_per_s, 1, 1); }));
  // Policy rows at K > 1 (and in a work sweep) have % roofline instead, which at K = 1 is this share (the roof is the
  // bandwidth there).
  if (wide || ceilings || (kind != sweep_kind::work && !flop_bound))
    out.push_back(column("% ceiling", rows, [&](const r& row) { return flop_bound ? "-" : ceiling_cell(row); }));
  // A thread sweep's own speedup is over the policy's 1-thread row (below): loop's and the best call go to --wide,
  // so that the default table fits 120 columns.
  if (ceilings && (wide || kind != sweep_kind::threads))
    out.push_back(durations("best", &r::min_s, rows));
  else if (wide || kind != sweep_kind::threads)
    out.push_back(column("speedup", rows, [](const r& row) { return fixed_cell(row.speedup_vs_loop, 1, 2, "x"); }));
  out.push_back(column("eff. par.", rows, [](const r& row) { return fixed_cell(row.effective_parallelism, 1, 2); }));
  // A mode's columns where some row has its figures: the columns depend only on the kinds of rows (the groups their
  // modes give every row of a kind), never on figures. The default table keeps a mode's own figures (speedups,
  // GFLOP/s); --wide adds its durations, FLOP/B (K / 8 for every row), a single --work run's K (the heading says it)
  // and the efficiency (vs 1 thread over threads).
  const auto shown = [&](table_show show) {
    return show == table_show::always || (show != table_show::never && wide) ||
           (show == table_show::wide_or_work_sweep && kind == sweep_kind::work);
  };
  for (const summary& s : summaries())
    if (shown(s.column.show) && any_has(rows, s)) out.push_back(mode_column(s, rows));
  if (wide)
    out.push_back(column("validated", rows, [](const r& row) {
      return row.validated ? std::string(*row.validated ? "yes" : "NO") : std::string("-");
    }));
  return out;
}

} // namespace

void write_row_blocks(const benchmark_report& report, bool markdown, bool wide, std::ostream& out) {
  // The policies, then the ceilings they are set against, each block with the columns its rows need.
  for (const bool ceilings : {false, true}) {
    std::vector<const result_row*> ran;
    for (const auto& r : report.results)
      if (r.status != row_status::unavailable && r.status != row_status::failed && is_policy(r) != ceilings)
        ran.push_back(&r);
    if (ran.empty()) continue;
    if (ceilings) // markdown: a blank line on both sides of a table, or CommonMark reads it into the list item
      out << (markdown ? "- " : "\n")
          << "ceilings (% ceiling: a row's median GB/s against its device's fastest in-place median GB/s):\n"
          << (markdown ? "\n" : "");
    write_rows(table_columns(report, ran, ceilings, wide || markdown), ran.size(), markdown, out);
    if (markdown) out << '\n';
  }
}

} // namespace policybench
