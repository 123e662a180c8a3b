// Reports from a hand-built run: every JSON figure and status, the warnings, CSV and table renderings.
#include <doctest/doctest.h>

#include "timed_calls_of.hpp"

#include "harness/results.hpp"
#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "report/report.hpp"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

using namespace policybench;
using json = nlohmann::ordered_json;

namespace {

policy_outcome ran(std::string name, std::vector<double> warm_s, std::string backend = "test backend") {
  measurement m;
  m.in_place.cold_s = 5;
  m.in_place.warm_s = std::move(warm_s);
  return {std::move(name), "host", std::move(backend), std::nullopt, std::nullopt, m};
}

// float64 x 1000: 16000 bytes per call. Outcomes: loop (2 s), fast (1 s), an unavailable device policy, a failed
// one, an invalid one.
measured_run synthetic_run() {
  measured_run r;
  r.config = run_config{element_type::float64, 1000, 1, 3};
  r.host_concurrency = 2;
  r.host.pstl_backend = "oneTBB";
  r.host.cpu_model = "test cpu";
  r.device.unavailable = "test: no device";
  r.host_ceiling = host_ceilings{calls_of(0.1, {0.5}, {}, 0, 0), {}, {}, 0, 0, {}};
  r.outcomes.push_back(ran("loop", {2, 2, 2}));
  r.outcomes.push_back(ran("fast", {1, 1, 1}, "oneTBB, with a comma"));
  r.outcomes.push_back({"cuda::kernel", "device", "CUDA", "built without nvcc", std::nullopt, std::nullopt});
  r.outcomes.push_back({"broken", "host", "test backend", std::nullopt, "out of memory", std::nullopt});
  policy_outcome invalid = ran("wrong", {1, 1, 1});
  invalid.result->validation_error = "element 3 is 4, expected 5";
  r.outcomes.push_back(std::move(invalid));
  return r;
}

const json& result_named(const json& report, const std::string& name) {
  for (const auto& r : report["results"])
    if (r["policy"] == name) return r;
  FAIL("no result for " << name);
  throw 0; // unreachable
}

bool any_contains(const std::vector<std::string>& lines, const std::string& a, const std::string& b = "") {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& w) {
    return w.find(a) != std::string::npos && w.find(b) != std::string::npos;
  });
}

} // namespace

TEST_CASE("to_json computes every figure of a result") {
  const json report = to_json(to_report(synthetic_run()));
  REQUIRE(report["results"].size() == 5);
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
  run.host_ceiling.reset();
  CHECK(result_named(to_json(to_report(run)), "fast")["pct_of_ceiling"].is_null());
}

TEST_CASE("run_warnings flags noise, cache-sized arrays, a serial PSTL, failures and invalid results") {
  measured_run run = synthetic_run();
  SUBCASE("a quiet, large, parallel run has only the failure warnings") {
    run.host.llc_bytes = 1000; // the array is 8000 bytes: >= 4x
    const auto w = to_report(run).warnings;
    CHECK(any_contains(w, "broken", "out of memory"));
    CHECK(any_contains(w, "wrong", "element 3 is 4, expected 5"));
    CHECK_FALSE(any_contains(w, "cache"));
    CHECK_FALSE(any_contains(w, "SERIALLY"));
    CHECK_FALSE(any_contains(w, "vary"));
    CHECK(w.size() == 2);
    CHECK(to_json(to_report(run))["warnings"].size() == 2);
  }
  SUBCASE("a device ceiling that failed keeps its CUDA text") {
    run.device_ceiling_error = "cudaMemcpyAsync(...): cudaErrorLaunchFailure: unspecified launch failure";
    CHECK(any_contains(to_report(run).warnings, "device ceilings not measured", "cudaErrorLaunchFailure"));
  }
  SUBCASE("a noisy sample names its policy") {
    run.outcomes.push_back(ran("noisy", {1.0, 1.2, 0.8}));
    const auto w = to_report(run).warnings;
    CHECK(any_contains(w, "noisy", "cv"));
    CHECK_FALSE(any_contains(w, "fast:"));
  }
  SUBCASE("an array under 4x the last-level cache warns, one at 4x does not") {
    run.host.llc_bytes = 2001; // 4x = 8004 > 8000 bytes
    CHECK(any_contains(to_report(run).warnings, "last-level cache", "8000 bytes"));
    run.host.llc_bytes = 2000; // 4x = 8000: not smaller
    CHECK_FALSE(any_contains(to_report(run).warnings, "cache"));
    run.host.llc_bytes = 0; // unknown cache: no warning
    CHECK_FALSE(any_contains(to_report(run).warnings, "cache"));
  }
  SUBCASE("a serial PSTL backend says std::par runs SERIALLY") {
    run.host.pstl_backend = "serial";
    CHECK(any_contains(to_report(run).warnings, "std::par", "SERIALLY"));
  }
}

TEST_CASE("write_csv: a header of result keys, one line per result, RFC 4180 quoting") {
  const benchmark_report typed = to_report(synthetic_run());
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
  CHECK(lines.front() == header);
  CHECK(lines[1].rfind("loop,host,test backend,ok,", 0) == 0);
  CHECK(lines[2].rfind("fast,host,\"oneTBB, with a comma\",ok,", 0) == 0);
  CHECK(lines[3].rfind("cuda::kernel,device,CUDA,unavailable,built without nvcc,", 0) == 0);
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
    for (std::size_t c = 0; c < names.size(); ++c) {
      const json& v = r[names[c]];
      CHECK(row[c] == (v.is_null() ? "" : v.is_string() ? v.get<std::string>() : v.dump()));
    }
  }
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

TEST_CASE("write_policy_list shows each policy's status") {
  const std::vector<policy_entry> registry{{"loop", "host", "plain loop", std::nullopt, {}},
                                           {"cuda::kernel", "device", "CUDA", "built without nvcc", {}}};
  std::ostringstream out;
  write_policy_list(registry, out);
  // The whole table: a search for "available" would also match "unavailable".
  CHECK(out.str() == "policy        device  backend     status\n"
                     "loop          host    plain loop  available\n"
                     "cuda::kernel  device  CUDA        unavailable: built without nvcc\n");
}
