// The figures issue 11 and 12 add to each row and the rules that warn about them: raw samples, the median's CI,
// effective parallelism, huge pages, GPU clocks, a device row without a kernel time, the three host ceilings.
#include <doctest/doctest.h>

#include "timed_calls_of.hpp"

#include "harness/results.hpp"
#include "harness/run.hpp"

#include <algorithm>
#include <string>
#include <vector>

using namespace policybench;

namespace {

policy_outcome host_outcome(std::string name, std::vector<double> warm_s, host_threading threads, double parallelism) {
  measurement m;
  m.in_place.cold_s = 1;
  m.in_place.warm_s = std::move(warm_s);
  m.in_place.parallelism.assign(m.in_place.warm_s.size(), parallelism);
  m.host_threads = threads;
  m.huge_page_bytes = 4u << 20;
  return {std::move(name), "host", "test", std::nullopt, std::nullopt, m};
}

// 10^6 float64 (8 MB, room for huge pages), 2 threads allowed; a ceiling that used both.
measured_run run_of(std::vector<policy_outcome> outcomes) {
  measured_run r;
  r.config = run_config{element_type::float64, 1'000'000, 1, 10};
  r.host_concurrency = 2;
  r.host.pstl_backend = "oneTBB";
  r.host.transparent_hugepages = "madvise";
  r.device.unavailable = "test: no device";
  host_ceilings c;
  c.in_place = calls_of(0.1, {0.5, 0.4, 0.6}, {}, 4, 1.9);
  c.copy = calls_of(0.1, {0.2}, {}, 2, 1.9);
  c.scale = calls_of(0.1, {0.25}, {}, 2, 1.9);
  c.copy_bytes_per_call = 8e6;
  c.huge_page_bytes = 8u << 20;
  r.host_ceiling = c;
  r.outcomes = std::move(outcomes);
  return r;
}

bool any_contains(const std::vector<std::string>& lines, const std::string& a, const std::string& b = "") {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& w) {
    return w.find(a) != std::string::npos && w.find(b) != std::string::npos;
  });
}

std::size_t count_containing(const std::vector<std::string>& lines, const std::string& a) {
  return std::size_t(
      std::count_if(lines.begin(), lines.end(), [&](const std::string& w) { return w.find(a) != std::string::npos; }));
}

} // namespace

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

TEST_CASE("the host ceilings: % of ceiling against the fastest in-place call, copy and scale by their own bytes") {
  measured_run run = run_of({host_outcome("loop", {1, 1, 1}, host_threading::one_thread, 1)});
  run.host_ceiling->round_best_s = {0.4, 0.5}; // the slowest round's fastest call: the interval's low end
  const auto report = to_report(run);
  const ceilings& c = report.environment.ceilings;
  CHECK(*c.host_in_place_best_s == 0.4); // STREAM's best of N, not the median 0.5
  CHECK(*c.host_in_place_gb_per_s == doctest::Approx(16e6 / 1e9 / 0.4));
  CHECK(*c.host_in_place_low_gb_per_s == doctest::Approx(16e6 / 1e9 / 0.5));
  CHECK(*c.host_copy_gb_per_s == doctest::Approx(8e6 / 1e9 / 0.2)); // copy_bytes_per_call, not the in-place bytes
  CHECK(*c.host_scale_gb_per_s == doctest::Approx(8e6 / 1e9 / 0.25));
  CHECK(c.host_huge_page_bytes == (8u << 20));
  CHECK(*c.host_effective_parallelism == doctest::Approx(1.9));
  CHECK(*report.results[0].pct_of_ceiling == doctest::Approx(100 * 0.4 / 1));
  CHECK(report.environment.config.pages == "huge");
  CHECK(report.environment.config.first_touch == "parallel");
  CHECK(c.host_in_place_schedule == "static");
  CHECK_FALSE(c.host_in_place_dynamic_gb_per_s); // not measured: the static split is the ceiling

  // A dynamic split that streams faster becomes THE ceiling, the static one's figure kept beside it.
  measured_run faster = run_of({host_outcome("loop", {1, 1, 1}, host_threading::one_thread, 1)});
  faster.host_ceiling->in_place_dynamic = calls_of(0.1, {0.4, 0.4, 0.3}, {}, 4, 1.7);
  const auto dynamic = to_report(faster);
  const ceilings& d = dynamic.environment.ceilings;
  CHECK(d.host_in_place_schedule == "dynamic");
  CHECK(*d.host_in_place_gb_per_s == doctest::Approx(16e6 / 1e9 / 0.3));
  CHECK(*d.host_in_place_static_gb_per_s == doctest::Approx(16e6 / 1e9 / 0.4));
  CHECK(*d.host_effective_parallelism == doctest::Approx(1.7));
  CHECK(*dynamic.results[0].pct_of_ceiling == doctest::Approx(100 * 0.3 / 1));
}

TEST_CASE("a ceiling that moved no bytes (--size 0) has no GB/s, though its calls were timed") {
  measured_run run = run_of({host_outcome("loop", {1, 1, 1}, host_threading::one_thread, 1)});
  run.config.size = 0;
  run.host_ceiling->copy_bytes_per_call = 0;
  run.device_ceiling = device_ceilings{.in_place = calls_of(0.1, {0.2}, {0.1}), .copy = calls_of(0.1, {0.2}, {0.1})};
  const ceilings& c = to_report(run).environment.ceilings;
  REQUIRE(c.host_copy_median_s);
  REQUIRE(c.device_in_place_median_s);
  CHECK_FALSE(c.host_in_place_gb_per_s);
  CHECK_FALSE(c.host_copy_gb_per_s);
  CHECK_FALSE(c.host_scale_gb_per_s);
  CHECK_FALSE(c.device_in_place_gb_per_s);
  CHECK_FALSE(c.device_copy_gb_per_s);
}

TEST_CASE("a parallel policy near one thread warns loudly, once for all such rows, a sequential one does not") {
  const auto w = to_report(run_of({host_outcome("loop", {1, 1}, host_threading::one_thread, 1.0),
                                   host_outcome("std::par", {1, 1}, host_threading::tbb, 1.1),
                                   host_outcome("thrust::omp", {1, 1}, host_threading::openmp, 1.2),
                                   host_outcome("std::par_unseq", {1, 1}, host_threading::tbb, 1.9)}))
                     .warnings;
  CHECK(count_containing(w, "PARALLEL POLICIES RAN ON ABOUT ONE THREAD") == 1);
  CHECK(any_contains(w, "std::par (1.10)", "thrust::omp (1.20)"));
  CHECK_FALSE(any_contains(w, "loop ("));
  CHECK_FALSE(any_contains(w, "std::par_unseq ("));
  measured_run small = run_of({host_outcome("std::par", {1, 1}, host_threading::tbb, 1.0)});
  small.config.size = 100'000; // 1.6 MB per call: under parallel_work_floor_bytes, waking threads may dominate
  CHECK_FALSE(any_contains(to_report(small).warnings, "ONE THREAD"));
  measured_run one_thread = run_of({host_outcome("std::par", {1, 1}, host_threading::tbb, 1.0)});
  one_thread.host_concurrency = 1; // --threads 1: one thread is all it may use
  CHECK_FALSE(any_contains(to_report(one_thread).warnings, "ONE THREAD"));
}

TEST_CASE("a ceiling that used well under its threads may not bound, one that used them is not flagged") {
  measured_run run = run_of({});
  CHECK_FALSE(any_contains(to_report(run).warnings, "may not bound"));
  run.host_ceiling->in_place.parallelism.assign(run.host_ceiling->in_place.warm_s.size(), 1.2);
  CHECK(count_containing(to_report(run).warnings, "may not bound") == 1);
}

TEST_CASE("huge pages asked for and none obtained warns with the THP mode, --pages small does not") {
  measured_run run = run_of({host_outcome("loop", {1, 1}, host_threading::one_thread, 1)});
  CHECK_FALSE(any_contains(to_report(run).warnings, "huge pages"));
  run.host_ceiling->huge_page_bytes = 0;
  run.outcomes[0].result->huge_page_bytes = 0;
  run.host.transparent_hugepages = "never";
  CHECK(count_containing(to_report(run).warnings, "huge pages asked for") == 1);
  CHECK(any_contains(to_report(run).warnings, "huge pages asked for", "'never'"));
  run.config.pages = page_size::small;
  CHECK_FALSE(any_contains(to_report(run).warnings, "huge pages"));
  CHECK(to_report(run).environment.config.pages == "small");
}

TEST_CASE("device rows: clocks before and after, a changed clock warns, no kernel time has a reason and no share") {
  measurement m;
  m.in_place.warm_s = {1e-3, 1e-3};
  m.no_kernel_time = "it synchronizes inside the call";
  m.clocks_before = gpu_clocks{1980, 3201};
  m.clocks_after = gpu_clocks{1755, 3201};
  measured_run run = run_of({{"thrust::device", "device", "CUDA", std::nullopt, std::nullopt, m}});
  run.device.unavailable.reset();
  run.device_ceiling = device_ceilings{calls_of(0, {1e-4}, {1e-4}, 2, 0.5), calls_of(0, {1e-4}, {1e-4}, 2)};
  const auto report = to_report(run);
  const result_row& r = report.results[0];
  CHECK(*extra_figure(r, "sm_clock_before_mhz") == 1980);
  CHECK(*extra_figure(r, "sm_clock_after_mhz") == 1755);
  CHECK(*extra_figure(r, "memory_clock_before_mhz") == 3201);
  CHECK(*extra_figure(r, "memory_clock_after_mhz") == 3201);
  CHECK(extra_text(r, "no_kernel_time_reason") == "it synchronizes inside the call");
  CHECK(r.gb_per_s);             // the host-synchronous figure stays
  CHECK_FALSE(r.pct_of_ceiling); // but is not set against the event-timed device ceiling
  CHECK(count_containing(report.warnings, "GPU clocks changed during thrust::device (SM 1980 -> 1755 MHz)") == 1);
  CHECK_FALSE(any_contains(report.warnings, "memory 3201"));
  run.outcomes[0].result->clocks_before.reset(), run.outcomes[0].result->clocks_after.reset();
  run.device.clocks_unavailable = "libnvidia-ml.so.1 not found";
  const auto without_nvml = to_report(run);
  CHECK_FALSE(extra_figure(without_nvml.results[0], "sm_clock_before_mhz"));
  CHECK(count_containing(without_nvml.warnings, "GPU clocks not recorded (libnvidia-ml.so.1 not found)") == 1);
}
