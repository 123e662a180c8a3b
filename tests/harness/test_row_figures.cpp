// The figures issues 11 and 12 add to each row: raw samples, the median's CI, effective parallelism, huge pages,
// the three host ceilings, and a device row's GPU clocks (a changed clock warns) and missing kernel time.
#include <doctest/doctest.h>

#include "harness/host_ceiling_run.hpp"
#include "lines_containing.hpp"

#include "harness/run.hpp"

#include <algorithm>
#include <string>
#include <vector>

using namespace policybench;

TEST_CASE("a row carries its raw samples, a CI that brackets the median, its parallelism and huge pages") {
  std::vector<double> warm;
  for (int i = 0; i < 20; ++i)
    warm.push_back(1.0 + 0.01 * ((i * 7) % 20));
  const auto report = to_report(run_of({host_outcome("loop", warm, host_threading::one_thread, 0.98)}));
  const result_row& r = report.results.at(0);
  CHECK(r.samples_s == warm);
  CHECK(r.samples_s.size() == r.reps);
  REQUIRE(r.median_ci_low_s);
  REQUIRE(r.median_ci_high_s);
  CHECK(*r.median_ci_low_s <= *r.median_s);
  CHECK(*r.median_s <= *r.median_ci_high_s);
  CHECK(*r.median_ci_low_s < *r.median_ci_high_s);
  CHECK(*r.median_ci_confidence >= 0.95);
  CHECK(*r.median_ci_confidence < 1);
  CHECK(*r.effective_parallelism == doctest::Approx(0.98));
  CHECK(r.huge_page_bytes == (4u << 20));
  // Under 6 samples no interval reaches 95%: none rather than a narrower one.
  const auto few = to_report(run_of({host_outcome("loop", {1, 2, 3, 4, 5}, host_threading::one_thread, 1)}));
  CHECK_FALSE(few.results[0].median_ci_low_s);
  CHECK_FALSE(few.results[0].median_ci_confidence);
}

TEST_CASE("a row's reps are the calls its figures count: its disturbed calls are left out") {
  measured_run run = run_of({host_outcome("loop", {1, 1.1, 1.2, 5, 1.3, 1.4, 1.5}, host_threading::one_thread, 1)});
  run.outcomes[0].result->in_place.disturbed = {false, false, false, true, false, false, false};
  const result_row r = to_report(run).results[0];
  CHECK(r.reps == r.samples_s.size());
  CHECK(r.reps < run.outcomes[0].result->in_place.warm_s.size());
  CHECK(r.disturbed_calls == 1u);
}

TEST_CASE("the host ceilings are rows: % of ceiling median against median, copy and scale by their own bytes") {
  const auto report = to_report(run_of({host_outcome("loop", {1, 1, 1}, host_threading::one_thread, 1)}));
  CHECK(*ceiling_figure(report, "host_in_place_best_s") == 0.4); // the best call is there, beside the median
  CHECK(*ceiling_figure(report, "host_in_place_gb_per_s") == doctest::Approx(16e6 / 1e9 / 0.5)); // the median
  CHECK(*ceiling_figure(report, "host_in_place_static_median_s") == 0.5);
  CHECK(*ceiling_figure(report, "host_copy_gb_per_s") == doctest::Approx(8e6 / 1e9 / 0.2)); // its own bytes
  CHECK(*ceiling_figure(report, "host_scale_gb_per_s") == doctest::Approx(8e6 / 1e9 / 0.25));
  CHECK(*ceiling_figure(report, "host_huge_page_bytes") == (8u << 20));
  CHECK(*ceiling_figure(report, "host_effective_parallelism") == doctest::Approx(1.9));
  CHECK(*report.results[0].pct_of_ceiling == doctest::Approx(100 * 0.5 / 1)); // not 0.4, the best call
  CHECK_FALSE(ceiling_figure(report, "host_in_place_dynamic_gb_per_s"));      // not measured: the static split bounds
  const auto ceiling_rows = std::count_if(report.results.begin(), report.results.end(),
                                          [](const result_row& r) { return r.role == stream_role::ceiling; });
  CHECK(ceiling_rows == 3);
  CHECK(report.results[1].bounds == ceiling_bound::bandwidth);
  CHECK(report.results[2].bounds == ceiling_bound::none);
  CHECK(*report.results[2].pct_of_ceiling == doctest::Approx(100 * (8e6 / 0.2) / (16e6 / 0.5)));

  // A dynamic split whose median is faster becomes THE ceiling, the static one kept beside it.
  measured_run faster = run_of({host_outcome("loop", {1, 1, 1}, host_threading::one_thread, 1)});
  faster.outcomes.push_back(ceiling_outcome("host in place (dynamic)", side::host, ceiling_bound::bandwidth,
                                            calls_of(0.1, {0.4, 0.4, 0.3, 0.45, 0.35, 0.4}, {}, 7, 1.7)));
  const auto dynamic = to_report(faster);
  CHECK(*ceiling_figure(dynamic, "host_in_place_gb_per_s") == doctest::Approx(16e6 / 1e9 / 0.4));
  CHECK(*ceiling_figure(dynamic, "host_in_place_static_gb_per_s") == doctest::Approx(16e6 / 1e9 / 0.5));
  CHECK(*ceiling_figure(dynamic, "host_effective_parallelism") == doctest::Approx(1.7));
  CHECK(*dynamic.results[0].pct_of_ceiling == doctest::Approx(100 * 0.4 / 1));
}

TEST_CASE("a ceiling that moved no bytes (--size 0) has no GB/s, though its calls were timed") {
  measured_run run = run_of({host_outcome("loop", {1, 1, 1}, host_threading::one_thread, 1)});
  run.config.size = 0;
  for (auto& o : run.outcomes)
    if (o.result && o.result->bytes_per_call) o.result->bytes_per_call = 0;
  const auto report = to_report(run);
  REQUIRE(ceiling_figure(report, "host_copy_median_s"));
  CHECK_FALSE(ceiling_figure(report, "host_in_place_gb_per_s"));
  CHECK_FALSE(ceiling_figure(report, "host_copy_gb_per_s"));
  CHECK_FALSE(ceiling_figure(report, "host_scale_gb_per_s"));
  CHECK_FALSE(report.results[0].pct_of_ceiling);
}

TEST_CASE("device rows: clocks before and after, a changed clock warns, no kernel time has a reason and no share") {
  measurement m;
  m.in_place.warm_s = {1e-3, 1e-3};
  m.no_kernel_time = "it synchronizes inside the call";
  m.clocks_before = gpu_clocks{1980, 3201};
  m.clocks_after = gpu_clocks{1755, 3201};
  measured_run run = run_of({{{"thrust::device", side::device, "CUDA", std::nullopt, {}}, std::nullopt, m}});
  run.device.unavailable.reset();
  run.outcomes.push_back(
      ceiling_outcome("device in place", side::device, ceiling_bound::bandwidth, calls_of(0, {1e-4}, {1e-4}, 2, 0.5)));
  const auto report = to_report(run);
  const result_row& r = report.results[0];
  CHECK(*r.gpu->sm_clock_before_mhz == 1980);
  CHECK(*r.gpu->sm_clock_after_mhz == 1755);
  CHECK(*r.gpu->memory_clock_before_mhz == 3201);
  CHECK(*r.gpu->memory_clock_after_mhz == 3201);
  CHECK(r.gpu->no_kernel_time_reason == "it synchronizes inside the call");
  CHECK(r.gb_per_s);             // the host-synchronous figure stays
  CHECK_FALSE(r.pct_of_ceiling); // but is not set against the event-timed device ceiling
  CHECK(count_containing(report.warnings, "GPU clocks changed during thrust::device (SM 1980 -> 1755 MHz)") == 1);
  CHECK_FALSE(any_contains(report.warnings, "memory 3201"));
  run.outcomes[0].result->clocks_before.reset(), run.outcomes[0].result->clocks_after.reset();
  run.device.clocks_unavailable = "libnvidia-ml.so.1 not found";
  const auto without_nvml = to_report(run);
  CHECK_FALSE(without_nvml.results[0].gpu->sm_clock_before_mhz);
  CHECK(count_containing(without_nvml.warnings, "GPU clocks not recorded (libnvidia-ml.so.1 not found)") == 1);
}
