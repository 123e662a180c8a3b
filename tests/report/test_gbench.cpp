// --format gbench: Google Benchmark's JSON as its docs and json_reporter.cc define it (context, one iteration per
// timed call, the four aggregates equal to the row's statistics), and --pages small reaching the JSON.
#include <doctest/doctest.h>

#include "harness/run.hpp"
#include "host_rows.hpp"
#include "report/report.hpp"

#include <algorithm>
#include <string>

using namespace policybench;
using json = nlohmann::ordered_json;

namespace {

measured_run gbench_run() {
  measured_run r;
  r.config = run_config{element_type::float64, 1000, 1, {5}};
  r.host_concurrency = 2;
  r.host.pstl_backend = "oneTBB";
  r.host.logical_cores = 2, r.host.l1d_cache_bytes = 32768, r.host.l2_cache_bytes = 1 << 19;
  r.host.llc_bytes = 32 << 20, r.host.llc_instances = 1;
  r.device.unavailable = "test: no device";
  measurement m;
  m.in_place.warm_s = {2e-3, 1e-3, 3e-3, 1.5e-3, 2.5e-3};
  m.in_place.parallelism.assign(m.in_place.warm_s.size(), 1.8);
  r.outcomes.push_back({{"std::par_unseq", side::host, "test", std::nullopt, {}}, std::nullopt, m});
  r.outcomes.push_back({{"cuda::kernel", side::device, "CUDA", "built without nvcc", {}}, std::nullopt, std::nullopt});
  return r;
}

const run_context fixed_context{"2026-12-01T10:15:00+01:00", "testhost", "/bin/policybench", 2450, false,
                                {0.5, 0.25, 0.125}};

} // namespace

TEST_CASE("gbench: the documented context fields, with their kinds") {
  const json doc = to_gbench_json(to_report(gbench_run()), fixed_context);
  REQUIRE(doc.contains("context"));
  const json& c = doc["context"];
  for (const char* key : {"date", "host_name", "executable", "library_build_type"})
    CHECK_MESSAGE(c[key].is_string(), key);
  for (const char* key : {"num_cpus", "mhz_per_cpu"})
    CHECK_MESSAGE(c[key].is_number_integer(), key);
  CHECK(c["cpu_scaling_enabled"].is_boolean());
  CHECK(c["num_cpus"] == 2);
  CHECK(c["load_avg"] == json::array({0.5, 0.25, 0.125}));
  REQUIRE(c["caches"].size() == 3);
  for (const json& cache : c["caches"]) {
    CHECK(cache["type"].is_string());
    for (const char* key : {"level", "size", "num_sharing"})
      CHECK_MESSAGE(cache[key].is_number_integer(), key);
  }
  CHECK(c["caches"][2]["level"] == 3);
  CHECK(c["caches"][2]["size"] == 32 << 20);
}

TEST_CASE("gbench: the context says whether the file holds part of what was asked and whether Ctrl-C ended it") {
  benchmark_report report = to_report(gbench_run());
  CHECK(to_gbench_json(report, fixed_context)["context"]["partial"] == false);
  CHECK(to_gbench_json(report, fixed_context)["context"]["interrupted"] == false);
  report.partial = true; // a sweep's checkpoint
  CHECK(to_gbench_json(report, fixed_context)["context"]["partial"] == true);
  CHECK(to_gbench_json(report, fixed_context)["context"]["interrupted"] == false);
  report.interrupted = true;
  CHECK(to_gbench_json(report, fixed_context)["context"]["interrupted"] == true);
}

TEST_CASE("gbench: one iteration per timed call, then mean, median, stddev and cv equal to the row's") {
  const benchmark_report report = to_report(gbench_run());
  const result_row& row = report.results[0];
  const json benchmarks = to_gbench_json(report, fixed_context)["benchmarks"];
  REQUIRE(benchmarks.size() == row.samples_s.size() + 4); // the unavailable row is not a benchmark
  const std::string name = "increment/std::par_unseq/float64/1000";
  for (std::size_t i = 0; i < benchmarks.size(); ++i) {
    const json& b = benchmarks[i];
    CAPTURE(b.dump());
    CHECK(b["run_name"] == name);
    CHECK(b["family_index"] == 0);
    CHECK(b["per_family_instance_index"] == 0);
    CHECK(b["repetitions"] == row.samples_s.size());
    CHECK(b["threads"] == 1);
    CHECK(b["time_unit"] == "ns");
    for (const char* key : {"real_time", "cpu_time", "bytes_per_second"})
      CHECK_MESSAGE(b[key].is_number(), key);
    if (i < row.samples_s.size()) {
      CHECK(b["name"] == name);
      CHECK(b["run_type"] == "iteration");
      CHECK(b["repetition_index"] == i);
      CHECK(b["iterations"] == 1);
      CHECK(b["real_time"].get<double>() == doctest::Approx(row.samples_s[i] * 1e9));
      CHECK(b["cpu_time"].get<double>() == doctest::Approx(row.samples_s[i] * 1e9 * 1.8));
      CHECK(b["bytes_per_second"].get<double>() == doctest::Approx(row.bytes_per_call / row.samples_s[i]));
      CHECK_FALSE(b.contains("aggregate_name"));
    } else {
      CHECK(b["run_type"] == "aggregate");
      CHECK_FALSE(b.contains("repetition_index"));
      CHECK(b["iterations"] == row.samples_s.size());
      CHECK(b["name"] == name + "_" + b["aggregate_name"].get<std::string>());
    }
  }
  const auto aggregate = [&](const char* which) {
    return *std::find_if(benchmarks.begin(), benchmarks.end(),
                         [&](const json& b) { return b.value("aggregate_name", "") == which; });
  };
  CHECK(aggregate("mean")["real_time"].get<double>() == doctest::Approx(*row.mean_s * 1e9));
  CHECK(aggregate("median")["real_time"].get<double>() == doctest::Approx(*row.median_s * 1e9));
  CHECK(aggregate("stddev")["real_time"].get<double>() == doctest::Approx(*row.stddev_s * 1e9));
  CHECK(aggregate("cv")["real_time"].get<double>() == doctest::Approx(*row.cv));
  CHECK(aggregate("cv")["aggregate_unit"] == "percentage");
  CHECK(aggregate("median")["aggregate_unit"] == "time");
  // Rates are aggregated over the calls, as Google Benchmark does for counters: median of 5 rates = bytes / median.
  CHECK(aggregate("median")["bytes_per_second"].get<double>() == doctest::Approx(row.bytes_per_call / *row.median_s));
}

TEST_CASE("gbench: cpu_time is real_time where the effective parallelism is null (under 10 ms of timed calls)") {
  measured_run run = gbench_run();
  auto& warm_s = run.outcomes[0].result->in_place.warm_s;
  for (double& s : warm_s)
    s /= 100; // 0.1 ms of calls in all: too short to tell the CPU time
  const benchmark_report report = to_report(run);
  REQUIRE_FALSE(report.results[0].effective_parallelism);
  const json benchmarks = to_gbench_json(report, fixed_context)["benchmarks"];
  for (std::size_t i = 0; i < warm_s.size(); ++i) {
    CAPTURE(i);
    CHECK(benchmarks[i]["cpu_time"].get<double>() == doctest::Approx(warm_s[i] * 1e9));
  }
}

TEST_CASE("--pages small: the JSON says small and every host row got 0 huge-page bytes") {
  auto rows = host_rows();
  std::erase_if(rows, [](const policy_entry& p) { return p.name != "loop"; });
  run_config cfg{element_type::float64, std::size_t(1) << 20, 0, {6}}; // 8 MiB: room for huge pages
  cfg.pages = page_size::small;
  cfg.keep_disturbed = true; // exactly 6 timed calls (a ceiling's interval), however busy the test machine
  const json doc = to_json(to_report(run_policies(cfg, 1, query_host(), device_info{}, with_ceilings(rows, {}, cfg))));
  CHECK(doc["environment"]["config"]["pages"] == "small");
  // The environment's figure is the bounding ceiling's, which a busy test machine may leave without one (no parallel
  // ceiling of mostly undisturbed calls): every ceiling row's own figure is checked below either way.
  const json& ceiling_pages = doc["environment"]["ceilings"]["host_huge_page_bytes"];
  CHECK((ceiling_pages.is_null() || ceiling_pages == 0));
  REQUIRE(doc["results"].size() == 7); // the loop, then its six host ceilings, on small pages too
  for (const auto& row : doc["results"])
    CHECK(row["huge_page_bytes"] == 0);
  CHECK(doc["results"][0]["huge_page_bytes"] == 0);
  CHECK(doc["results"][0]["samples_s"].size() == 6);
}
