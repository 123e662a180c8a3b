// The rules on figures alone: thread scaling's speedup and efficiency, STREAM's 4x rule, the noise rule and when
// effective parallelism is reported. Hand-built rows and calls with known answers.
#include <doctest/doctest.h>

#include "timed_calls_of.hpp"

#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "measure/timing.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

using namespace policybench;

TEST_CASE("thread scaling: speedup over the policy's own 1-thread median, efficiency = speedup / threads") {
  const auto row = [](const char* policy, int threads, figure median_s) {
    result_row r;
    r.policy = std::string(policy);
    r.threads = threads;
    r.median_s = median_s;
    return r;
  };
  std::vector<result_row> rows{row("a", 1, 4), row("a", 2, 2.5), row("b", 2, 1), row("a", 4, figure())};
  rows[3].status = row_status::failed; // b has no 1-thread row; a failed at 4 threads
  add_thread_scaling(rows);
  CHECK(*rows[0].scaling->speedup_vs_1_thread == 1);
  CHECK(*rows[0].scaling->parallel_efficiency == 1);
  CHECK(*rows[1].scaling->speedup_vs_1_thread == doctest::Approx(1.6));
  CHECK(*rows[1].scaling->parallel_efficiency == doctest::Approx(0.8));
  CHECK_FALSE(rows[2].scaling->speedup_vs_1_thread);
  CHECK_FALSE(rows[2].scaling->parallel_efficiency);
  CHECK_FALSE(rows[3].scaling->speedup_vs_1_thread);
}

TEST_CASE("STREAM's 4x rule and the noise rule") {
  CHECK(under_4x_cache(7999, 2000));
  CHECK_FALSE(under_4x_cache(8000, 2000));
  CHECK_FALSE(under_4x_cache(0, 2000));
  CHECK_FALSE(under_4x_cache(100, 0));
  result_row r;
  CHECK_FALSE(is_noisy(r));
  r.cv = noisy_cv;
  CHECK_FALSE(is_noisy(r));
  r.cv = noisy_cv * 1.01;
  CHECK(is_noisy(r));
  r.stopped_by = "max_noise"; // the median's interval is known to be narrow: not noisy, however the calls vary
  CHECK_FALSE(is_noisy(r));
  r.stopped_by = "timeout";
  CHECK(is_noisy(r));
  CHECK(percent(noisy_cv) == "5.0%");
}

TEST_CASE("STREAM's 4x rule counts the workload's distinct arrays: the triad's three, the increment's one") {
  const auto warning = [](workload_id workload, std::uint64_t llc_bytes) {
    measured_run run;
    run.config = run_config{element_type::float64, 1'000'000, 1, {1}};
    run.config.workload = workload;
    run.host.pstl_backend = "oneTBB";
    run.host.llc_bytes = llc_bytes;
    run.outcomes.push_back({{"loop", side::host, "test", std::nullopt, {}}, std::nullopt, measurement{}});
    for (const auto& w : run_warnings(run, {}))
      if (w.find("STREAM's rule") != std::string::npos) return w;
    return std::string();
  };
  // 8 MB an array: one is under 4x a 3 MB cache, the triad's three (24 MB) are not.
  CHECK(warning(workload_id::increment, 3'000'000).starts_with("the array (8000000 bytes) is smaller than 4x"));
  CHECK(warning(workload_id::triad, 3'000'000).empty());
  CHECK(warning(workload_id::triad, 7'000'000)
            .starts_with("the working set of 3 arrays (24000000 bytes) is smaller than 4x"));
}

TEST_CASE("every user of STREAM's rule counts the arrays run_config counts: the triad's working set is 3 arrays") {
  run_config cfg{element_type::float64, 1'000'000, 1, {1}};
  for (const auto& [workload, arrays] : {std::pair{workload_id::increment, 1}, std::pair{workload_id::uneven, 2},
                                         std::pair{workload_id::poly, 2}, std::pair{workload_id::triad, 3}}) {
    cfg.workload = workload;
    CAPTURE(to_string(workload));
    CHECK(cfg.arrays() == arrays);
    CHECK(cfg.working_set_bytes() == std::uint64_t(arrays) * 8'000'000);
  }
  measured_run run; // the report's working set, which the regime probe and a sweep's notes also set against a cache
  run.config = cfg;
  CHECK(*to_report(run).environment.config.working_set_bytes == 24'000'000);
}

TEST_CASE("effective parallelism is reported only for timed calls long enough to judge it") {
  timed_calls t = calls_of(0, {0.004, 0.004}, {}, 3, 1.5);
  CHECK_FALSE(measured_parallelism(t, false)); // 8 ms in all: a stray thread's cycles would dominate
  t = calls_of(0, {0.004, 0.004, 0.004}, {}, 4, 1.5);
  REQUIRE(measured_parallelism(t, false));
  CHECK(*measured_parallelism(t, false) == doctest::Approx(1.5));
  // Weighted by each call's duration, over the undisturbed calls only: the disturbed 9 ms call at 0.4 is left out.
  t = calls_of(0, {0.004, 0.006, 0.004, 0.004, 0.004, 0.009}, {}, 7, 2.0);
  t.parallelism = {2.0, 1.0, 2.0, 2.0, 2.0, 0.4};
  t.disturbed = {false, false, false, false, false, true};
  CHECK(*measured_parallelism(t, false) == doctest::Approx((2.0 * 16 + 1.0 * 6) / 22));
  CHECK(*measured_parallelism(t, true) == doctest::Approx((2.0 * 16 + 1.0 * 6 + 0.4 * 9) / 31));
  // Fewer than min_counted_calls undisturbed: every call counts (the row then says most were disturbed).
  t.disturbed = {true, true, false, false, true, true};
  CHECK(*measured_parallelism(t, false) == doctest::Approx((2.0 * 16 + 1.0 * 6 + 0.4 * 9) / 31));
}

TEST_CASE("the ceilings' shape is the registry's enum, each workload's own: the triad's triad, poly's compute") {
  measured_run run;
  run.config = run_config{element_type::float64, 1000, 1, {1}};
  for (const workload_id w : {workload_id::increment, workload_id::uneven, workload_id::triad, workload_id::poly}) {
    run.config.workload = w;
    CHECK(ceiling_figures(run).shape == shape_of(w));
  }
  CHECK(shape_of(workload_id::poly) == ceiling_shape::compute);
}
