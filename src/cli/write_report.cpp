// --format: the one place the command line's choice of format meets the writers.
#include "cli/write_report.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace policybench {
namespace {

/// Writes a report to a stream; `add`: what a mode adds to a JSON document (the other formats ignore it).
using report_writer = void (*)(const benchmark_report& report, std::ostream& out, const json_addition& add);

/// One output format. A new format is its writer (report/report.hpp) and a row below.
struct report_format {
  std::string_view name; ///< its --format word
  report_writer write = nullptr;
  bool holds_warnings = false; ///< the report has a place for the warnings; else they go to stderr
  bool has_footer = false;     ///< its footer shows the crossovers to a reader on screen; else they go to stderr
};

// --format's default (options::format) first. A writer that takes no JSON additions ignores them.
constexpr report_format formats[] = {
    {.name = "table",
     .write = [](const auto& r, auto& out, const auto&) { write_table(r, false, out); },
     .holds_warnings = true,
     .has_footer = true},
    {.name = "wide",
     .write = [](const auto& r, auto& out, const auto&) { write_table(r, false, out, true); },
     .holds_warnings = true,
     .has_footer = true},
    {.name = "markdown",
     .write = [](const auto& r, auto& out, const auto&) { write_table(r, true, out); },
     .holds_warnings = true,
     .has_footer = true},
    {.name = "csv", .write = [](const auto& r, auto& out, const auto&) { write_csv(r, out); }},
    {.name = "json", .write = write_json, .holds_warnings = true},
    {.name = "gbench",
     .write = [](const auto& r, auto& out, const auto&) { write_gbench(r, query_run_context(), out); }}};

const report_format& format_named(std::string_view name) {
  const auto* f = std::find_if(std::begin(formats), std::end(formats), [&](const auto& f) { return f.name == name; });
  if (f == std::end(formats)) throw std::logic_error("no output format '" + std::string(name) + "'");
  return *f;
}

} // namespace

std::span<const std::string_view> report_format_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> v;
    for (const auto& f : formats)
      v.push_back(f.name);
    return v;
  }();
  return names;
}

void deliver_report(const benchmark_report& report, std::string_view format, std::optional<output_file>& file,
                    const json_addition& add) {
  const report_format& f = format_named(format);
  f.write(report, file ? file->stream() : std::cout, add);
  const bool table_on_screen = !file && f.has_footer;
  finish_output(file);
  struct sigaction ignore {
  }, previous{};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &previous);
  if (!f.holds_warnings)
    for (const auto& w : report.warnings)
      std::cerr << "warning: " << w << '\n';
  // The table carries the crossovers in its footer; whoever gets JSON, CSV or a file should still read them.
  if (report.crossovers && !table_on_screen)
    for (const auto& line : crossover_summary(*report.crossovers))
      std::cerr << "crossover: " << line << '\n';
  if (report.compute_bound && !table_on_screen)
    for (const auto& line : compute_bound_summary(*report.compute_bound))
      std::cerr << "roofline: " << line << '\n';
  std::cerr.clear(); // a failed note is no failed run
  ::sigaction(SIGPIPE, &previous, nullptr);
}

void deliver_policy_list(const std::vector<policy_entry>& registry, std::string_view format,
                         std::optional<output_file>& file) {
  std::ostream& out = file ? file->stream() : std::cout;
  if (format == "json")
    out << policy_list_json(registry).dump(2) << '\n';
  else
    write_policy_list(registry, out);
  finish_output(file);
}

void write_checkpoint(const benchmark_report& report, std::string_view format, output_file& file) {
  format_named(format).write(report, file.stream(), {});
  file.commit();
}

void finish_output(std::optional<output_file>& file) {
  if (file)
    file->commit();
  else if (!std::cout.flush())
    throw std::runtime_error(std::string("cannot write the report to stdout: ") + std::strerror(errno));
}

} // namespace policybench
