// The human-readable report: a fixed-width (or markdown) table of the policies that ran, then the rest.
#include "report/report.hpp"

#include "measure/timing.hpp"
#include "report/table_columns.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace policybench {
namespace {

// The first line after "policybench <version>: ": what was run, for one run or for a sweep.
std::string heading(const benchmark_report& report) {
  const report_config& config = report.environment.config;
  if (!report.sweep) {
    const std::string seconds = config.timeout_s ? fmt::format("{} s", *config.timeout_s) : "";
    const std::string calls =
        config.max_noise_pct
            ? fmt::format("timed calls until the median is within +-{}% (at most {}{} a row)", *config.max_noise_pct,
                          count_of(config.reps, "call"), seconds.empty() ? "" : " and " + seconds)
            : fmt::format("{}{}", count_of(config.reps, "timed call"),
                          seconds.empty() ? "" : " (at most " + seconds + " a row)");
    // The rounds that ran, not those planned: a budget may end a run before its base rounds are done.
    const std::size_t ran = config.round_orders.size(), base = std::size_t(config.rounds);
    const std::string planned = count_of(base, "base round");
    const std::string rounds = ran > base
                                   ? fmt::format("{}, {} in all for rows still short of their target", planned, ran)
                               : ran < base ? fmt::format("{} of the {} planned", count_of(ran, "round"), base)
                                            : planned;
    const std::string order =
        config.seed ? fmt::format("interleaved in {} (seed {})", rounds, *config.seed) : config.order;
    const int work = config.work.value_or(1);
    const std::string per_element = work > 1 ? fmt::format(", K = {} fused steps per element", work) : "";
    return fmt::format("{} x {} in place ({} bytes moved per call{}), {} warm-up + {}, {}, host threads: {}",
                       config.size.value_or(0), config.type, *config.bytes_per_call, per_element, config.warmup, calls,
                       order, config.host_concurrency);
  }
  const sweep_info& sweep = *report.sweep;
  const auto& series = sweep.series;
  const std::string calls = fmt::format("{}, then timed calls filling {} s (at least {}, at most {})",
                                        count_of(config.warmup, "warm-up call"), sweep.min_time_s,
                                        std::min(min_timed_reps, config.reps), config.reps);
  const std::string elements = count_of(config.size.value_or(0), "element");
  if (sweep.kind == sweep_kind::size)
    return fmt::format("size sweep, {} from {} to {} elements of {} in place; {}; host threads: {}",
                       count_of(series.size(), "point"), series.front().size, series.back().size, config.type, calls,
                       config.host_concurrency);
  if (sweep.kind == sweep_kind::work)
    return fmt::format("work sweep, K = {} to {} increments per element, {} of {} in place; {}", series.front().work,
                       series.back().work, elements, config.type, calls);
  const int most = series.back().threads; // a process allowed one CPU sweeps one point
  return fmt::format("thread sweep, {}, {} of {} in place; {}",
                     most > 1 ? fmt::format("1 to {} host threads", most) : std::string("1 host thread"), elements,
                     config.type, calls);
}

} // namespace

void write_table(const benchmark_report& report, bool markdown, std::ostream& screen, bool wide) {
  // Markdown keeps its lines whole (a renderer wraps them); the default table wraps its own text to table_width.
  std::ostringstream out;
  const auto flush = [&] {
    screen << (markdown || wide ? out.str() : wrapped(out.str()));
    out.str("");
  };
  fmt::print(out, "policybench {}: {}\n\n", POLICYBENCH_VERSION, heading(report));
  if (report.summary) { // the answer under the heading (markdown: as list items), then a blank line
    const auto lines = summary_lines(*report.summary);
    for (const auto& line : lines)
      out << (markdown ? "- " : "") << line << '\n';
    if (!lines.empty()) out << '\n';
  }
  flush();
  write_row_blocks(report, markdown, wide, screen);
  const char* bullet = markdown ? "- " : "";
  std::set<std::string> said; // a sweep repeats an unavailable policy at every point
  for (const auto& r : report.results)
    if (r.status == row_status::unavailable || r.status == row_status::failed)
      if (const auto line = fmt::format("{}{} {}: {}\n", bullet, r.policy, to_string(r.status), *r.reason);
          said.insert(line).second)
        out << line;
  write_table_footer(report, bullet, out);
  if (report.sweep && report.sweep->kind == sweep_kind::size)
    fmt::print(out, "{}series: stopped at {}: {}\n", bullet, count_of(report.sweep->stopped_at, "element"),
               report.sweep->stop_reason);
  if (report.crossovers)
    for (const auto& line : crossover_summary(*report.crossovers))
      fmt::print(out, "{}crossover: {}\n", bullet, line);
  if (report.compute_bound)
    for (const auto& line : compute_bound_summary(*report.compute_bound))
      fmt::print(out, "{}roofline: {}\n", bullet, line);
  for (const auto& w : report.warnings)
    fmt::print(out, "{}warning: {}\n", bullet, w);
  flush();
}

} // namespace policybench
