// A hand-built run's report as text: CSV (a header of result keys, RFC 4180 quoting), the table and the policy list.
#include <doctest/doctest.h>

#include "report/synthetic_run.hpp"

#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "policies/registry.hpp"
#include "report/report.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace policybench;
using json = nlohmann::ordered_json;

TEST_CASE("write_csv: a header of result keys and partial, one line per result, RFC 4180 quoting") {
  benchmark_report typed = to_report(synthetic_run());
  typed.partial = true; // a sweep's checkpoint: every line says so
  const json report = to_json(typed);
  std::ostringstream out;
  write_csv(typed, out);
  std::vector<std::string> lines;
  std::istringstream in(out.str());
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  REQUIRE(lines.size() == 1 + report["results"].size());
  std::string header;
  for (const auto& [key, value] : report["results"].front().items())
    if (!value.is_array()) header += (header.empty() ? "" : ",") + key; // samples_s is JSON only
  CHECK(lines.front() == header + ",partial");
  CHECK(lines[1].rfind("loop,host,test backend,policy,,ok,", 0) == 0);
  CHECK(lines[2].rfind("fast,host,\"oneTBB, with a comma\",policy,,ok,", 0) == 0);
  CHECK(lines[3].rfind("cuda::kernel,device,CUDA,policy,,unavailable,built without nvcc,", 0) == 0);
  CHECK(lines.back().rfind("host in place (static),host,test,ceiling,bandwidth,ok,", 0) == 0);
  // Every line has the header's columns, each holding that field of its row.
  const auto cells = [](const std::string& line) {
    std::vector<std::string> out{""};
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '"' && quoted && i + 1 < line.size() && line[i + 1] == '"')
        out.back() += line[++i];
      else if (line[i] == '"')
        quoted = !quoted;
      else if (line[i] == ',' && !quoted)
        out.emplace_back();
      else
        out.back() += line[i];
    }
    return out;
  };
  const auto names = cells(lines.front());
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto row = cells(lines[i]);
    REQUIRE(row.size() == names.size());
    const json& r = report["results"][i - 1];
    CHECK(row.back() == "true");
    for (std::size_t c = 0; c + 1 < names.size(); ++c) {
      const json& v = r[names[c]];
      CHECK(row[c] == (v.is_null() ? "" : v.is_string() ? v.get<std::string>() : v.dump()));
    }
  }
  typed.partial = false;
  std::ostringstream complete;
  write_csv(typed, complete);
  CHECK(complete.str().find(",true\n") == std::string::npos);
  CHECK(complete.str().ends_with(",false\n"));
}

TEST_CASE("every writer writes a report holding text that is not UTF-8 and JSON's say once that bytes were replaced") {
  measured_run run = synthetic_run();
  run.host.cpu_model = "cpu \xff";   // as a host name or a file name may be: bytes, not UTF-8
  run.outcomes[1].name = "fast\xfe"; // a second place: still one warning
  const benchmark_report report = to_report(run);
  const std::string note = "text that is not valid UTF-8 (a host or file name) is written with U+FFFD in place of "
                           "each invalid byte";
  const auto count = [](const json& lines, const std::string& line) {
    return std::count(lines.begin(), lines.end(), json(line));
  };
  std::ostringstream out;
  REQUIRE_NOTHROW(write_json(report, out));
  const json written = json::parse(out.str());
  CHECK(written["environment"]["host"]["cpu_model"] == "cpu \uFFFD");
  CHECK(written["results"][1]["policy"] == "fast\uFFFD");
  CHECK(count(written["warnings"], note) == 1);
  run_context context;
  context.host_name = "host\xff";
  out.str("");
  REQUIRE_NOTHROW(write_gbench(report, context, out));
  const json gbench = json::parse(out.str());
  CHECK(gbench["context"]["host_name"] == "host\uFFFD");
  CHECK(count(gbench["context"]["warnings"], note) == 1);
  // The other writers carry bytes as they are.
  for (const auto& write : {+[](const benchmark_report&r, std::ostream&o) { write_csv(r, o); },
                            +[](const benchmark_report&r, std::ostream&o) { write_table(r, false, o); },
                            +[](const benchmark_report&r, std::ostream&o) { write_table(r, true, o); }}) {
    out.str("");
    REQUIRE_NOTHROW(write(report, out));
    CHECK(out.str().find("fast\xfe") != std::string::npos);
  }
  // Valid text is written as it is, with no such warning.
  out.str("");
  write_json(to_report(synthetic_run()), out);
  CHECK(count(json::parse(out.str())["warnings"], note) == 0);
}

TEST_CASE("write_table lists the policies that ran and the unavailable ones") {
  const benchmark_report report = to_report(synthetic_run());
  for (const bool markdown : {false, true}) {
    CAPTURE(markdown);
    std::ostringstream out;
    write_table(report, markdown, out);
    const std::string text = out.str();
    CAPTURE(text);
    for (const char* name : {"loop", "fast", "wrong"})
      CHECK(text.find(name) != std::string::npos);
    CHECK(text.find("cuda::kernel unavailable: built without nvcc") != std::string::npos);
    CHECK(text.find("broken failed: out of memory") != std::string::npos);
    CHECK(text.find("2.00x") != std::string::npos);
  }
  std::ostringstream as_json;
  write_json(report, as_json);
  CHECK(json::parse(as_json.str()) == to_json(report));
}

TEST_CASE("a markdown table has a blank line on both sides, so that no list item swallows it") {
  std::ostringstream out;
  write_table(to_report(synthetic_run()), true, out); // a policy table and a ceiling table
  std::vector<std::string> lines{""};                 // a blank line before the first and after the last
  std::istringstream in(out.str());
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  lines.push_back("");
  int tables = 0;
  for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
    const bool row = lines[i].starts_with('|');
    if (row && !lines[i - 1].starts_with('|')) {
      ++tables;
      CHECK(lines[i - 1].empty());
    }
    if (row && !lines[i + 1].starts_with('|')) CHECK(lines[i + 1].empty());
  }
  CHECK(tables == 2);
}

TEST_CASE("the heading says the interleaved rounds that ran, not the base rounds planned") {
  measured_run run = synthetic_run();
  run.order = {.order = policy_order::interleaved, .seed = 3, .rounds = 10};
  run.rounds = 10;
  run.round_orders = {{"loop", "fast"}}; // the budget ended the run after one round
  const auto heading = [](const measured_run& r) {
    std::ostringstream out;
    write_table(to_report(r), false, out, true); // wide: the heading on one line
    return out.str().substr(0, out.str().find('\n'));
  };
  CHECK(heading(run).ends_with(", interleaved in 1 round of the 10 planned (seed 3), host threads: 2"));
  run.round_orders.resize(10);
  CHECK(heading(run).find("interleaved in 10 base rounds (seed 3)") != std::string::npos);
  run.round_orders.resize(12);
  CHECK(heading(run).find("interleaved in 10 base rounds, 12 in all for rows still short of their target (seed 3)") !=
        std::string::npos);
  run.order.rounds = 1, run.rounds = 1; // --repetitions 1: one base round, not "1 base rounds"
  CHECK(heading(run).find("interleaved in 1 base round, 12 in all for rows") != std::string::npos);
}

TEST_CASE("a count of one reads singular in the heading, the footer and the summary") {
  measured_run run = synthetic_run();
  run.config.stop.reps = 1, run.host.logical_cores = 1, run.host.llc_instances = 1;
  std::ostringstream out;
  write_table(to_report(run), false, out, true);
  const std::string text = out.str();
  CAPTURE(text);
  CHECK(text.find("1 warm-up + 1 timed call,") != std::string::npos);
  CHECK(text.find("host: test cpu, 1 logical core, ") != std::string::npos);
  CHECK(text.find(", 1 instance)") != std::string::npos);
  run_summary s{.fastest_unjudged = "test", .loop_ran = false};
  s.regime =
      regime_report{.why = unknown_reason::out_of_time, .array_bytes = 80'000'000, .points = {{512'000'000, 49}}};
  const auto lines = summary_lines(s);
  REQUIRE(lines.size() == 2);
  CAPTURE(lines[1]);
  CHECK(lines[1].find("(1 footprint),") != std::string::npos);
}

TEST_CASE("a speedup not judged names the rows it is about, not only the fastest row's neighbour's call count") {
  run_summary s{.fastest = "thrust::device",
                .fastest_median_s = 1e-3,
                .fastest_low_s = 0.9e-3,
                .fastest_high_s = 1.1e-3,
                .loop_ran = true};
  s.speedup_unjudged = "std::par has 2 counted timed calls, a 95% interval needs 6";
  CHECK(summary_lines(s)[1] == "parallel speedup: - (std::par is faster than loop at its median but has 2 counted "
                               "timed calls, a 95% interval needs 6;\n  no parallel row with an interval is apart "
                               "from loop's)");
  s.speedup_unjudged = "loop has 1 counted timed call, a 95% interval needs 6";
  CHECK(summary_lines(s)[1] == "parallel speedup: - (loop has 1 counted timed call, a 95% interval needs 6: no row "
                               "can be set apart from it)");
}

TEST_CASE("write_policy_list shows each policy's status, the reason under its row") {
  const std::vector<policy_entry> registry{{"loop", side::host, "plain loop", std::nullopt, {}},
                                           {"cuda::kernel", side::device, "CUDA", "built without nvcc", {}}};
  std::ostringstream out;
  write_policy_list(registry, out);
  // The whole table: a search for "available" would also match "unavailable".
  CHECK(out.str() == "policy        device  backend     status\n"
                     "loop          host    plain loop  available\n"
                     "cuda::kernel  device  CUDA        unavailable\n"
                     "  unavailable: built without nvcc\n");
}

TEST_CASE("write_policy_list and write_workload_list in markdown: one line a row, the reason in its status cell") {
  const std::vector<policy_entry> registry{
      {"loop", side::host, "plain loop", std::nullopt, {}},
      {"thrust::cuda::par_nosync + cuda::proclaim_copyable_arguments", side::device, "CUDA", "built without nvcc", {}}};
  std::ostringstream out;
  write_policy_list(registry, out, true);
  std::istringstream lines(out.str());
  std::vector<std::string> rows;
  for (std::string line; std::getline(lines, line);)
    rows.push_back(line);
  REQUIRE(rows.size() == 4); // the header, its rule, a line per policy: a long name is not broken in markdown
  CHECK(rows[1].starts_with("| :---"));
  CHECK(rows[3].starts_with("| thrust::cuda::par_nosync + cuda::proclaim_copyable_arguments | device | CUDA "));
  CHECK(rows[3].ends_with("| unavailable: built without nvcc |"));
  std::ostringstream workloads;
  write_workload_list(workload_list(), workloads, true);
  CHECK(workloads.str().starts_with("| workload "));
  CHECK(workloads.str().find("\n| :---") != std::string::npos);
  CHECK(workloads.str().find("\n| increment ") != std::string::npos);
}

TEST_CASE("--list-policies fits 120 columns: this build's registry, a long wrapped name and a long reason") {
  auto registry = policybench::registry(query_device());
  registry.push_back({"thrust::cuda::par_nosync + cuda::proclaim_copyable_arguments + my::wrapper",
                      side::device,
                      "hand-written CUDA kernel (grid-stride, 16-byte vectors)",
                      "cudaErrorInsufficientDriver: CUDA driver version is insufficient for CUDA runtime version; "
                      "the driver found is older than the runtime this build links, see nvidia-smi",
                      {}});
  std::ostringstream out;
  write_policy_list(registry, out);
  std::istringstream lines(out.str());
  std::size_t count = 0;
  for (std::string line; std::getline(lines, line); ++count) {
    CAPTURE(line);
    CHECK(line.size() <= 120);
  }
  CHECK(count > registry.size()); // the header, every row, the last one's reason on lines of its own
}

TEST_CASE("--list-policies --format json names every registry row, with its device, role and availability") {
  const auto registry = policybench::registry(query_device());
  const auto list = nlohmann::ordered_json::parse(policy_list_json(registry).dump(2));
  REQUIRE(list.is_array());
  REQUIRE(list.size() == registry.size());
  for (std::size_t i = 0; i < registry.size(); ++i) {
    const auto& p = registry[i];
    const auto& row = list[i];
    CAPTURE(p.name);
    CHECK(row.size() == 6);
    CHECK(row["name"] == p.name);
    CHECK(row["device"] == std::string(to_string(p.device)));
    CHECK(row["role"] == std::string(to_string(p.role)));
    CHECK(row["backend"] == p.backend);
    CHECK(row["available"] == !p.unavailable);
    CHECK(row["reason"] == (p.unavailable ? nlohmann::ordered_json(*p.unavailable) : nlohmann::ordered_json()));
  }
  const std::vector<policy_entry> one{{"cuda::kernel", side::device, "CUDA", "no CUDA driver", {}}};
  CHECK(policy_list_json(one).dump() == R"([{"name":"cuda::kernel","device":"device","role":"policy",)"
                                        R"("backend":"CUDA","available":false,"reason":"no CUDA driver"}])");
}

TEST_CASE("--list-workloads: each declaration's inputs, place, bytes and FLOPs per element, as a table and JSON") {
  const auto list = nlohmann::ordered_json::parse(workload_list_json(workload_list()).dump(2));
  REQUIRE(list.size() == std::size(workload_names));
  std::ostringstream table;
  write_workload_list(workload_list(), table);
  for (std::size_t i = 0; i < list.size(); ++i)
    visit_workload(workload_id(i), [&](auto workload) {
      using W = decltype(workload);
      const auto& row = list[i];
      CAPTURE(W::name);
      CHECK(row["name"] == W::name);
      CHECK(row["inputs"] == W::inputs);
      CHECK(row["in_place"] == W::in_place);
      CHECK(row["flops_per_element"] == W::flops_per_element(1));
      CHECK(row["bytes_per_element"]["float64"] == double(W::inputs + 1) * 8); // STREAM's counting
      CHECK(row["bytes_per_element"].contains("int32") == W::template supports<std::int32_t>);
      CHECK(table.str().find("\n" + std::string(W::name) + " ") != std::string::npos);
    });
}

TEST_CASE("--list-workloads of an op that declares no FLOPs marks them '-', not nan") {
  const workload_facts op{.name = "my_op",
                          .inputs = 1,
                          .in_place = false,
                          .exact = false,
                          .bytes_per_element = {{"float64", 16}},
                          .flops_per_element = std::numeric_limits<double>::quiet_NaN()};
  std::ostringstream table;
  write_workload_list({op}, table);
  CHECK(table.str().find("nan") == std::string::npos);
  const std::string text = table.str();
  const auto row = text.find("\nmy_op ");
  REQUIRE(row != std::string::npos);
  const std::string line = text.substr(row + 1, text.find('\n', row + 1) - row - 1);
  CHECK(line.ends_with(" -")); // the last column, FLOPs per element
  // Its header names no K: K is the increment's (--work), which a user's op's list does not hold.
  CHECK(text.find("FLOPs per element\n") != std::string::npos);
  CHECK(text.find("(K = 1)") == std::string::npos);
  std::ostringstream builtin;
  write_workload_list(workload_list(), builtin);
  CHECK(builtin.str().find("FLOPs per element (K = 1)") != std::string::npos);
}
