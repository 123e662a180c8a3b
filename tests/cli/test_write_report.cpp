// --format's table: every documented format is there, and what each leaves out of the report (warnings,
// crossovers) goes to stderr, after the report.
#include <doctest/doctest.h>

#include "cli/write_report.hpp"

#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <ranges>
#include <sstream>
#include <string>
#include <vector>

using namespace policybench;

namespace {

struct delivered {
  std::string out, err;
};

// deliver_report to stdout (no --output), both streams captured.
delivered deliver(const benchmark_report& report, std::string_view format) {
  std::ostringstream out, err;
  std::streambuf* const cout_buf = std::cout.rdbuf(out.rdbuf());
  std::streambuf* const cerr_buf = std::cerr.rdbuf(err.rdbuf());
  std::optional<output_file> no_file;
  deliver_report(report, format, no_file);
  std::cout.rdbuf(cout_buf), std::cerr.rdbuf(cerr_buf);
  return {.out = out.str(), .err = err.str()};
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

} // namespace

TEST_CASE("--format: the README's usage line names every format, the default first") {
  std::ifstream in(POLICYBENCH_README);
  const std::string readme{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const auto at = readme.find("[--format ");
  REQUIRE(at != std::string::npos);
  const std::string_view line = std::string_view(readme).substr(at + 10, readme.find(']', at) - at - 10);
  std::vector<std::string> documented;
  for (const auto word : std::views::split(line, '|'))
    documented.emplace_back(word.begin(), word.end());
  const auto names = report_format_names();
  CHECK(documented == std::vector<std::string>(names.begin(), names.end()));
  CHECK(names.front() == "table");
}

TEST_CASE("a format without a place for warnings sends them to stderr, a table on screen keeps the crossovers") {
  benchmark_report report;
  report.warnings = {"planted warning"};
  report.crossovers =
      std::vector<crossover>{{.key = "par_vs_loop", .challenger = "std::par", .baseline = "loop", .view = "host"}};
  for (const std::string_view format : report_format_names()) {
    CAPTURE(format);
    const delivered d = deliver(report, format);
    const bool warnings_inside = format == "table" || format == "wide" || format == "markdown" || format == "json";
    CHECK(has(d.out, "planted warning") == warnings_inside);
    CHECK(has(d.err, "warning: planted warning") == !warnings_inside);
    const bool on_screen = format == "table" || format == "wide" || format == "markdown";
    CHECK(has(d.err, "crossover: std::par vs loop (host)") == !on_screen);
  }
}
