// Reports from a hand-built run as JSON: every figure and status, null where a figure does not apply.
#include <doctest/doctest.h>

#include "report/synthetic_run.hpp"

#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "policies/registry.hpp"
#include "report/report.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace policybench;
using json = nlohmann::ordered_json;

namespace {

const json& result_named(const json& report, const std::string& name) {
  for (const auto& r : report["results"])
    if (r["policy"] == name) return r;
  FAIL("no result for " << name);
  throw 0; // unreachable
}

} // namespace

TEST_CASE("to_json writes each sweep point's ceilings, read off the point's own ceiling rows") {
  benchmark_report report = to_report(synthetic_run());
  sweep_info sweep{sweep_plan{.kind = sweep_kind::size}};
  sweep.series.push_back({.size = 1000, .threads = 2, .first_row = 0, .end_row = report.results.size()});
  sweep.series.push_back({.size = 3162, .threads = 2, .first_row = 0, .end_row = 1}); // a policy's row alone
  report.sweep = sweep;
  const json out = to_json(report);
  const json& point = out["sweep"]["series"].at(0);
  const json& ceilings = out["environment"]["ceilings"]; // the same rows' figures, by ceiling_figures
  REQUIRE(ceilings["host_in_place_gb_per_s"].is_number());
  CHECK(point["size"] == 1000);
  CHECK(point["host_in_place_gb_per_s"] == ceilings["host_in_place_gb_per_s"]);
  CHECK(point["host_in_place_low_gb_per_s"] == ceilings["host_in_place_low_gb_per_s"]);
  CHECK(point["device_copy_gb_per_s"].is_null());
  CHECK(out["sweep"]["series"].at(1)["host_in_place_gb_per_s"].is_null());
}

TEST_CASE("to_json computes every figure of a result") {
  const json report = to_json(to_report(synthetic_run()));
  REQUIRE(report["results"].size() == 6); // five policies' rows and the ceiling's
  const json& loop = result_named(report, "loop");
  const json& fast = result_named(report, "fast");
  const double bytes = 2.0 * 1000 * 8;
  CHECK(fast["bytes_per_call"].get<double>() == bytes);
  CHECK(fast["status"] == "ok");
  CHECK(fast["reason"].is_null());
  CHECK(fast["median_s"].get<double>() == 1);
  CHECK(fast["cold_s"].get<double>() == 5);
  CHECK(fast["speedup_vs_loop"].get<double>() == doctest::Approx(2));
  CHECK(loop["speedup_vs_loop"].get<double>() == doctest::Approx(1));
  CHECK(fast["gb_per_s"].get<double>() == doctest::Approx(bytes / 1e9 / 1));
  CHECK(loop["gb_per_s"].get<double>() == doctest::Approx(bytes / 1e9 / 2));
  CHECK(fast["pct_of_ceiling"].get<double>() == doctest::Approx(100 * 0.5 / 1));
  CHECK(loop["pct_of_ceiling"].get<double>() == doctest::Approx(100 * 0.5 / 2));
  CHECK(fast["cv"].get<double>() == 0);
  CHECK(fast["validated"] == true);
  CHECK(fast["validation_error"].is_null());
  // Host policies have no kernel time and no end-to-end figures.
  CHECK(fast["kernel_median_s"].is_null());
  CHECK(fast["kernel_gb_per_s"].is_null());
  CHECK(fast["e2e_pageable_median_s"].is_null());
  CHECK(fast["e2e_pinned_median_s"].is_null());
  CHECK(fast["e2e_over_kernel"].is_null());

  const json& env = report["environment"];
  CHECK(env["config"]["size"] == 1000);
  CHECK(env["config"]["type"] == "float64");
  CHECK(env["config"]["threads_limit"].is_null());
  CHECK(env["ceilings"]["host_in_place_best_s"].get<double>() == 0.5);
  CHECK(env["ceilings"]["host_in_place_gb_per_s"].get<double>() == doctest::Approx(bytes / 1e9 / 0.5));
  CHECK(env["ceilings"]["host_in_place_schedule"] == "static");
  CHECK(env["ceilings"]["host_in_place_static_gb_per_s"] == env["ceilings"]["host_in_place_gb_per_s"]);
  CHECK(env["ceilings"]["host_in_place_dynamic_gb_per_s"].is_null());
  CHECK(env["ceilings"]["host_copy_median_s"].is_null()); // no copy calls were timed
  CHECK(env["ceilings"]["host_scale_gb_per_s"].is_null());
  CHECK(env["ceilings"]["device_copy_median_s"].is_null());
  CHECK(env["ceilings"]["device_theoretical_peak_gb_per_s"].is_null());
  CHECK(env["device"]["available"] == false);
  // An unavailable device's properties are unknown: null, as the schema says, not 0 SMs and 0.0 GB/s.
  for (const char* key : {"sm_count", "theoretical_peak_gb_per_s", "memory_bytes", "compute_capability", "name"}) {
    CAPTURE(key);
    CHECK(env["device"][key].is_null());
  }
}

TEST_CASE("to_json reports unavailable, failed and invalid policies with null figures") {
  const json report = to_json(to_report(synthetic_run()));
  const json& unavailable = result_named(report, "cuda::kernel");
  CHECK(unavailable["status"] == "unavailable");
  CHECK(unavailable["reason"] == "built without nvcc");
  const json& failed = result_named(report, "broken");
  CHECK(failed["status"] == "failed");
  CHECK(failed["reason"] == "out of memory");
  for (const json* r : {&unavailable, &failed}) {
    CAPTURE((*r)["policy"].get<std::string>());
    for (const char* key : {"cold_s", "min_s", "median_s", "mean_s", "stddev_s", "cv", "gb_per_s", "pct_of_ceiling",
                            "speedup_vs_loop", "kernel_median_s"})
      CHECK_MESSAGE((*r)[key].is_null(), key);
    CHECK((*r)["validated"].is_null()); // it never ran: neither validated nor failed validation
    CHECK((*r)["reps"].is_null());
    CHECK((*r)["stopped_by"].is_null());
    CHECK((*r)["samples_s"].empty());
  }
  const json& invalid = result_named(report, "wrong");
  CHECK(invalid["status"] == "invalid");
  CHECK(invalid["validated"] == false);
  CHECK(invalid["validation_error"] == "element 3 is 4, expected 5");
}

TEST_CASE("a run that moves no bytes has times but no throughput, ceiling share, speedup or warnings") {
  measured_run run = synthetic_run();
  run.config.size = 0;
  run.host.llc_bytes = 1 << 20;
  const json report = to_json(to_report(run));
  const json& fast = result_named(report, "fast");
  CHECK(fast["median_s"].get<double>() == 1);
  CHECK(fast["gb_per_s"].is_null());
  CHECK(fast["pct_of_ceiling"].is_null());
  CHECK(fast["speedup_vs_loop"].is_null());
  for (const auto& w : to_report(run).warnings) {
    CHECK(w.find("cache") == std::string::npos);
    CHECK(w.find("vary") == std::string::npos);
  }
}

TEST_CASE("without a valid loop in the run there is no speedup") {
  measured_run run = synthetic_run();
  run.outcomes.erase(run.outcomes.begin());
  const json report = to_json(to_report(run));
  CHECK(result_named(report, "fast")["speedup_vs_loop"].is_null());
  run = synthetic_run();
  std::erase_if(run.outcomes, [](const policy_outcome& o) { return o.role == stream_role::ceiling; });
  CHECK(result_named(to_json(to_report(run)), "fast")["pct_of_ceiling"].is_null());
}

TEST_CASE("every writer names a sweep by its own axis: the table's heading, the JSON's keys, gbench's argument") {
  for (const sweep_axis& axis : sweep_axes()) {
    CAPTURE(axis.name);
    benchmark_report report = to_report(synthetic_run());
    sweep_info sweep{sweep_plan{.kind = axis.kind}};
    sweep.series.push_back({.size = 1000, .threads = 2, .first_row = 0, .end_row = report.results.size()});
    report.sweep = sweep;
    const std::uint64_t value = axis.value_of(report.results[0]);
    crossover c{.key = "a_vs_b", .challenger = "a", .baseline = "b", .view = "median", .axis = &axis};
    report.crossovers = std::vector<crossover>{c};
    std::ostringstream table;
    write_table(report, false, table, true); // --wide: the heading's line whole
    const json out = to_json(report), gbench = to_gbench_json(report, {});
    const std::string sentence = crossover_summary(*report.crossovers).at(0);
    CHECK(table.str().find(axis.heading(value, value, 1)) != std::string::npos);
    CHECK(out["sweep"]["kind"] == axis.name);
    CHECK(out["crossovers"]["a_vs_b"].contains(std::string(axis.compared_key)));
    CHECK(out["crossovers"]["a_vs_b"].contains(std::string("from_").append(axis.name)));
    CHECK(sentence.find(std::string("no ").append(axis.value_name).append(" where")) != std::string::npos);
    const std::string name = gbench["benchmarks"][0]["name"];
    for (const sweep_axis& other : sweep_axes()) {
      if (&other == &axis) continue;
      CAPTURE(other.name);
      CHECK(table.str().find(other.heading(value, value, 1)) == std::string::npos);
      CHECK_FALSE(out["sweep"].contains(std::string("min_").append(other.name)));
      if (!other.gbench_arg.empty()) CHECK(name.find(std::string(other.gbench_arg)) == std::string::npos);
    }
    CHECK(out["sweep"].contains(std::string("min_").append(axis.name)) == axis.bounds(sweep).has_value());
    if (!axis.gbench_arg.empty()) CHECK(name.find(std::string(axis.gbench_arg).append(":")) != std::string::npos);
    // A sweep of another workload says which, as a run's heading does, not "in place".
    report.environment.config.workload = "triad";
    std::ostringstream triad;
    write_table(report, false, triad, true);
    CHECK(triad.str().find(" triad; ") != std::string::npos);
    CHECK(triad.str().find(" in place; ") == std::string::npos);
  }
}

TEST_CASE("a workload not measured says so once under its own heading, not a line per row after the last group") {
  run_config cfg{element_type::float64, 1000, 0, {8}};
  std::vector<policy_entry> selected;
  for (auto& p : registry(query_device()))
    if (p.name == "loop" || p.name == "std::par") selected.push_back(p);
  const workload_id both[] = {workload_id::triad, workload_id::poly};
  const auto spent = time_budget(std::chrono::steady_clock::now() - std::chrono::seconds(1), 0.5); // none has a share
  const auto report = measure_workloads(cfg, both, std::nullopt, query_host(), device_info{}, selected,
                                        {policy_order::interleaved, 1, default_rounds, spent});
  std::ostringstream table;
  write_table(report, false, table);
  const std::string text = table.str();
  CAPTURE(text);
  const auto triad = text.find("workload triad: "), poly = text.find("workload poly: ");
  REQUIRE(triad < poly);
  REQUIRE(poly != std::string::npos);
  const auto said = [&](std::size_t from) { return text.find("\nnot measured: the budget's 0 s left", from); };
  CHECK(said(triad) < poly);
  CHECK(said(poly) != std::string::npos);
  CHECK(text.find(" unavailable: not measured") == std::string::npos); // no row repeats it
}

TEST_CASE("several workloads: an unavailable or failed row is said once, naming the workloads it was so under") {
  run_config cfg{element_type::float64, 1000, 0, {3}};
  std::vector<policy_entry> selected;
  for (auto& p : registry(query_device()))
    if (p.name == "loop") selected.push_back(p);
  REQUIRE(selected.size() == 1);
  policy_entry failing = selected.front(), missing = selected.front();
  failing.name = "fails under triad";
  failing.measure = [loop = selected.front().measure](const run_config& at) {
    if (at.workload == workload_id::triad) throw std::runtime_error("wrong under triad");
    return loop(at);
  };
  missing.name = "missing", missing.unavailable = "not on this machine", missing.measure = nullptr;
  selected.push_back(failing), selected.push_back(missing);
  const workload_id both[] = {workload_id::triad, workload_id::poly};
  const auto report =
      measure_workloads(cfg, both, std::nullopt, query_host(), device_info{}, selected, {policy_order::interleaved});
  std::ostringstream table;
  write_table(report, false, table);
  const std::string text = table.str();
  CAPTURE(text);
  const auto count = [&](const std::string& line) {
    std::size_t n = 0;
    for (auto at = text.find(line); at != std::string::npos; at = text.find(line, at + 1))
      ++n;
    return n;
  };
  CHECK(count("fails under triad failed (triad): ") == 1); // which workload it failed under
  CHECK(count("fails under triad failed") == 1);
  CHECK(count("missing unavailable (every workload): not on this machine\n") == 1); // once, not poly's alone
}

TEST_CASE("--workload triad,poly: one report, a group per workload with its rows validated and its own summary") {
  run_config cfg{element_type::float64, 1000, 0, {8}}; // 8 calls: a 95% interval, so a fastest row
  std::vector<policy_entry> selected;
  for (auto& p : registry(query_device()))
    if (p.name == "loop" || p.name == "std::par") selected.push_back(p);
  REQUIRE(selected.size() == 2);
  const workload_id both[] = {workload_id::triad, workload_id::poly};
  const auto report =
      measure_workloads(cfg, both, std::nullopt, query_host(), device_info{}, selected, {policy_order::interleaved});
  REQUIRE(report.summaries.size() == 2);
  const json written = to_json(report);
  CHECK(written["environment"]["config"]["workload"] == "triad,poly");
  CHECK(written["environment"]["config"]["bytes_per_call"].is_null()); // each row says its workload's
  CHECK_FALSE(written.contains("summary"));
  std::ostringstream table, csv, gbench;
  write_table(report, false, table);
  write_csv(report, csv);
  write_gbench(report, run_context{}, gbench);
  for (std::size_t g = 0; g < 2; ++g) {
    const std::string name(to_string(both[g]));
    CAPTURE(name);
    CHECK(report.summaries[g].workload == name);
    CHECK(written["summaries"][g]["workload"] == name);
    json expected{{"workload", name}};
    expected.update(summary_json(report.summaries[g]));
    CHECK(written["summaries"][g] == expected);
    // Summed up over its own rows: the fastest is a row of this workload, with that row's median.
    REQUIRE(report.summaries[g].fastest);
    const auto fastest = std::find_if(report.results.begin(), report.results.end(), [&](const result_row& r) {
      return r.workload == name && r.policy == *report.summaries[g].fastest;
    });
    REQUIRE(fastest != report.results.end());
    CHECK(report.summaries[g].fastest_median_s == fastest->median_s);
    // Its rows: the policies and their ceilings, consecutive, each validated and carrying its workload.
    std::size_t policies = 0, ceilings = 0;
    for (const auto& r : written["results"])
      if (r["workload"] == name) {
        ++(r["role"] == "policy" ? policies : ceilings);
        CHECK(r["validated"] == true);
        CHECK(csv.str().find(r["policy"].get<std::string>() + "," + r["device"].get<std::string>()) !=
              std::string::npos);
      }
    CHECK(policies == selected.size());
    CHECK(ceilings > 0);
    // The table: the workload's heading, then its own summary line, then its rows.
    const auto heading = table.str().find("workload " + name + ": ");
    REQUIRE(heading != std::string::npos);
    CHECK(table.str().find("\nfastest: ", heading) < table.str().find("\npolicy ", heading));
    // Its ceilings' heading names its own shape: triad's stream, poly's compute kernel (not the first workload's).
    const std::string shape = g == 0 ? "fastest parallel triad median GB/s" : "fastest parallel compute median GFLOP/s";
    const auto next = table.str().find("workload ", heading + 1);
    CHECK(table.str().find(shape, heading) < next);
    CHECK(gbench.str().find("\"" + name + "/loop/float64/1000\"") != std::string::npos);
  }
  CHECK(table.str().find("workload triad: ") < table.str().find("workload poly: "));
  std::ostringstream markdown; // a heading of its own per workload
  write_table(report, true, markdown);
  CHECK(markdown.str().find("\n### workload poly: ") != std::string::npos);
  CHECK(csv.str().find(",workload,type,") != std::string::npos);
}
