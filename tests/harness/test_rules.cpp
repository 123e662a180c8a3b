// The rules a run's rows follow: the loop baseline, speedups, share of the ceiling, a device row's derived figures,
// what makes the exit status 1 and the warning for a noise target not reached. Hand-built runs with known answers.
#include <doctest/doctest.h>

#include "ceiling_outcome.hpp"
#include "timed_calls_of.hpp"

#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "measure/timing.hpp"
#include "report/report.hpp"

#include <algorithm>
#include <string>
#include <vector>

using namespace policybench;

namespace {

policy_outcome host(std::string name, std::vector<double> warm_s) {
  measurement m;
  m.in_place.warm_s = std::move(warm_s);
  return {{std::move(name), side::host, "test", std::nullopt, {}}, std::nullopt, m};
}

measured_run run_of(std::vector<policy_outcome> outcomes) {
  measured_run r;
  r.config = run_config{element_type::float64, 1000, 1, {3}};
  r.host.pstl_backend = "oneTBB";
  r.outcomes = std::move(outcomes);
  policy_outcome ceiling = host("host in place (static)", {0.5});
  ceiling.role = stream_role::ceiling, ceiling.bound = ceiling_bound::bandwidth;
  r.outcomes.push_back(ceiling);
  return r;
}

const result_row& named(const benchmark_report& r, const std::string& policy) {
  for (const auto& row : r.results)
    if (row.policy == policy) return row;
  FAIL("no row " << policy);
  throw 0;
}

} // namespace

TEST_CASE("an invalid loop is never the speedup baseline, and its run exits 1") {
  policy_outcome loop = host("loop", {0.5});
  loop.result->validation_error = "element 0 is 0, expected 5";
  const auto report = to_report(run_of({loop, host("fast", {1})}));
  CHECK(named(report, "loop").status == row_status::invalid);
  CHECK_FALSE(named(report, "fast").speedup_vs_loop);
  CHECK_FALSE(named(report, "loop").speedup_vs_loop);
  CHECK_FALSE(all_valid(report.results));
}

TEST_CASE("a failed loop is no baseline either, a valid one is, whatever its place in the run") {
  policy_outcome failed{{"loop", side::host, "test", std::nullopt, {}}, "out of memory", std::nullopt};
  CHECK_FALSE(named(to_report(run_of({failed, host("fast", {1})})), "fast").speedup_vs_loop);
  const auto ok = to_report(run_of({host("fast", {1}), host("loop", {3, 2.9, 3.1, 3, 2.95, 3.05})})); // an interval
  CHECK(*named(ok, "fast").speedup_vs_loop == doctest::Approx(3));
  CHECK(all_valid(ok.results));
}

TEST_CASE("the exit status speaks for this run's rows: failed or invalid ones make it 1, unavailable ones do not") {
  policy_outcome failed{{"broken", side::host, "test", std::nullopt, {}}, "boom", std::nullopt};
  CHECK_FALSE(all_valid(to_report(run_of({host("loop", {1}), failed})).results));
  policy_outcome unavailable{{"cuda::kernel", side::device, "CUDA", "no device", {}}, std::nullopt, std::nullopt};
  auto report = to_report(run_of({host("loop", {1}), unavailable}));
  CHECK(all_valid(report.results));
  report.results.front().status = row_status::invalid;
  CHECK_FALSE(all_valid(report.results));
}

TEST_CASE("a device row: kernel GB/s, share of the device ceiling by CUDA events, e2e over kernel") {
  measurement m;
  m.in_place.warm_s = {0.004, 0.004, 0.004};   // each timed call's host time, beside ...
  m.in_place.kernel_s = {0.001, 0.002, 0.003}; // ... its kernel time: median 0.002
  m.e2e_pageable = calls_of(0.5, {0.1, 0.2, 0.3}, {}, 0);
  m.e2e_pinned = calls_of(0.5, {0.05}, {}, 0);
  measured_run run = run_of({{{"cuda::kernel", side::device, "CUDA", std::nullopt, {}}, std::nullopt, m}});
  // The ceiling is the in-place kernel's median, like the row's (not its fastest call, nor the copy's median).
  const auto device_ceiling = [](const char* name, ceiling_bound bound, std::vector<double> kernel_s) {
    return ceiling_outcome(name, side::device, bound,
                           calls_of(0, std::vector<double>(kernel_s.size(), 0.004), kernel_s, 0));
  };
  // Six calls: a ceiling bounds only with a 95% interval.
  run.outcomes.push_back(
      device_ceiling("device in place", ceiling_bound::bandwidth, {0.0015, 0.001, 0.003, 0.0014, 0.0016, 0.0015}));
  run.outcomes.push_back(device_ceiling("device D2D copy", ceiling_bound::none, {0.0005}));
  const auto report = to_report(run);
  const result_row& r = report.results.front();
  CHECK(*r.kernel.median_s == 0.002);
  CHECK(*r.gpu->kernel_gb_per_s == doctest::Approx(16000 / 1e9 / 0.002));
  // 0.0015 s median in place against the 0.002 s kernel median: not the 0.001 s best call, nor the 0.004 s host time
  CHECK(*r.pct_of_ceiling == doctest::Approx(75));
  const auto ceilings = to_json(report)["environment"]["ceilings"]; // read off the ceiling rows as JSON writes them
  CHECK(ceilings["device_in_place_median_s"] == 0.0015);
  CHECK(ceilings["device_in_place_best_s"] == 0.004); // best host-clock call; kernel times have their own view
  CHECK(ceilings["device_copy_median_s"] == 0.0005);
  CHECK(*r.gpu->e2e_pageable_median_s == 0.2);
  CHECK(*r.gpu->e2e_pageable_cold_s == 0.5);
  CHECK(*r.gpu->e2e_pinned_median_s == 0.05);
  CHECK(*r.gpu->e2e_over_kernel == doctest::Approx(100));
}

TEST_CASE("--max-noise not reached is a warning naming what stopped the row") {
  auto run = run_of({host("loop", {1e-3, 2e-3, 3e-3})});
  run.config.stop.max_noise = 0.01;
  run.outcomes[0].result->in_place.stopped_by = stop_reason::reps;
  const auto report = to_report(run);
  const auto said = std::count_if(report.warnings.begin(), report.warnings.end(), [](const std::string& w) {
    return w.find("the noise target +-1.0% was not reached: stopped by reps: loop") != std::string::npos;
  });
  CHECK(said == 1);
  run.outcomes[0].result->in_place.stopped_by = stop_reason::max_noise;
  for (const auto& w : to_report(run).warnings) // the ceiling, stopped by reps, is a row like any other
    if (w.find("not reached") != std::string::npos) CHECK(w.find("loop") == std::string::npos);
}
