// Every field README's JSON schema documents is in the report --format json writes: a field dropped from the
// writer (or renamed) fails here, so the README stays the one true description of the report.
#include <doctest/doctest.h>

#include "ceiling_outcome.hpp"

#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "measure/ceilings.hpp"
#include "report/report.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace policybench;
using json = nlohmann::ordered_json;

namespace {

// The ```-fenced block after README's "## JSON schema" heading.
std::string schema_block() {
  std::ifstream in(POLICYBENCH_README);
  const std::string readme((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto heading = readme.find("## JSON schema");
  REQUIRE(heading != std::string::npos);
  const auto open = readme.find("```", heading), close = readme.find("```", open + 3);
  REQUIRE(close != std::string::npos);
  return readme.substr(open + 3, close - open - 3);
}

// The names listed inside the braces that follow `key` in the schema: "a, b|null, c (\"x\"|\"y\"), d [int]" gives
// a, b, c, d. In "note: e" the name is e.
std::vector<std::string> documented(const std::string& schema, const std::string& key) {
  const auto at = schema.find(key);
  REQUIRE_MESSAGE(at != std::string::npos, key);
  const auto open = schema.find('{', at);
  int depth = 0;
  std::size_t close = open;
  for (; close < schema.size(); ++close) {
    depth += schema[close] == '{' ? 1 : schema[close] == '}' ? -1 : 0;
    if (depth == 0) break;
  }
  std::string body = std::regex_replace(schema.substr(open + 1, close - open - 1), std::regex(R"(\([^)]*\))"), "");
  std::vector<std::string> names;
  std::smatch m;
  std::istringstream pieces(body);
  for (std::string piece; std::getline(pieces, piece, ',');) {
    if (const auto colon = piece.find(':'); colon != std::string::npos) {
      const std::string before = piece.substr(0, colon);
      piece = std::regex_search(before, std::regex(R"(^\s*[a-z_0-9]+\s*$)")) ? before : piece.substr(colon + 1);
    }
    // config.work and the compute ceilings are written with K > 1 only (written_report(4) has them).
    if (std::regex_search(piece, m, std::regex(R"(^\s*([a-z][a-z_0-9]*))")) && m[1] != "work" &&
        std::string(m[1]).find("_compute_") == std::string::npos)
      names.push_back(m[1]);
  }
  return names;
}

json written_report(int work = 1) {
  measured_run r;
  r.config = run_config{element_type::float64, 1000, 1, {7}};
  r.config.work = work;
  r.host_concurrency = 2;
  r.device.unavailable = "test: no device";
  measurement m;
  m.in_place.cold_s = 2;
  m.in_place.warm_s = {3, 1, 2, 5, 4, 6, 7};
  r.outcomes.push_back({{"loop", side::host, "test", std::nullopt, {}}, std::nullopt, m});
  r.outcomes.push_back(host_ceiling({0.5, 0.6}));
  if (work > 1) // an FMA kernel of 1e9 FLOPs a call, no bytes
    r.outcomes.push_back(
        ceiling_outcome("host FMA chains", side::host, ceiling_bound::compute, calls_of(0.1, {0.5}), 0));
  if (work > 1) r.outcomes.back().result->flops_per_call = 1e9;
  return to_json(to_report(r));
}

} // namespace

TEST_CASE("every field README's JSON schema documents is written") {
  const std::string schema = schema_block();
  const json report = written_report();
  for (const char* top : {"partial", "interrupted", "environment", "results", "warnings"})
    CHECK_MESSAGE(report.contains(top), top);
  const json& env = report["environment"];
  CHECK(env.contains("policybench_version"));
  for (const char* part : {"config", "host", "device", "ceilings"}) {
    const auto names = documented(schema, std::string("\"") + part + "\":");
    CHECK_MESSAGE(names.size() >= 10, part);
    for (const auto& name : names)
      CHECK_MESSAGE(env[part].contains(name), part << "." << name);
  }
  const auto fields = documented(schema, "\"results\":");
  CHECK(fields.size() >= 30);
  REQUIRE(report["results"].size() == 2); // the loop and its ceiling: one kind of row
  for (const auto& row : report["results"])
    for (const auto& name : fields)
      CHECK_MESSAGE(row.contains(name), "results[]." << name);
  CHECK(report["results"][1]["role"] == "ceiling");
  CHECK(report["results"][1]["bounds"] == "bandwidth");
}

TEST_CASE("every extra field a report of device rows and a thread sweep writes is documented") {
  std::ifstream in(POLICYBENCH_README);
  const std::string readme((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto section = readme.find("### Extra fields");
  REQUIRE(section != std::string::npos);
  const std::string table = readme.substr(section, readme.find("\n#", section + 1) - section);
  benchmark_report report;
  result_row device{.policy = "cuda::kernel", .device = side::device, .backend = "CUDA", .type = "float64", .size = 8};
  measurement m;
  m.in_place.warm_s = {2e-3}, m.in_place.kernel_s = {1e-3}; // one timed call: its host and its kernel time
  add_gpu_views(device, &m, false);
  report.results = {device, device};
  report.results[0].threads = 1, report.results[1].threads = 2;
  add_thread_scaling(report.results);
  const json written = to_json(report);
  const auto common = summaries();
  std::size_t names = 0;
  for (const auto& row : written["results"])
    for (const auto& [name, value] : row.items())
      if (std::none_of(common.begin(), common.end(), [&](const summary& s) {
            return name == s.name && std::holds_alternative<row_member>(s.value);
          })) {
        ++names;
        CHECK_MESSAGE(table.find("`" + name + "`") != std::string::npos, name);
      }
  CHECK(names >= 2 * 13); // 11 GPU views, 2 of thread scaling; on each of the two rows
}

TEST_CASE("a report with work per element writes K, the roofline figures and the compute ceilings") {
  const json report = written_report(4), plain = written_report();
  for (const char* name : {"work", "flop_per_byte", "roofline_bound_gflop_per_s", "pct_of_roofline"}) {
    CHECK_MESSAGE(report["results"][0].contains(name), name);
    CHECK_MESSAGE(!plain["results"][0].contains(name), name); // K = 1 keeps today's fields
  }
  CHECK(report["results"][0]["flops_per_call"] == 8000); // 2 FLOPs x K = 4 x 1000 elements
  CHECK(report["results"][0]["work"].dump() + report["environment"]["config"]["work"].dump() == "44"); // not 4.0
  CHECK(report["environment"]["ceilings"]["host_compute_gflop_per_s"] == doctest::Approx(2)); // 1e9 FLOPs in 0.5 s
  CHECK_FALSE(plain["environment"]["ceilings"].contains("host_compute_gflop_per_s"));
}
