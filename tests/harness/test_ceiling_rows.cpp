// Every timed stream is a row: ceiling rows in every format, an interval that spans the rounds' medians, and a
// parallel call short of its threads counted as disturbed, the low end of the ceiling. Each fails on the bug it names.
#include <doctest/doctest.h>

#include "harness/host_ceiling_run.hpp"
#include "host_rows.hpp"

#include "harness/rules.hpp"
#include "machine/host_info.hpp"
#include "measure/timing.hpp"
#include "policies/registry.hpp"
#include "report/report.hpp"

#include <algorithm>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace policybench;

TEST_CASE("a ceiling row is in every format: table, markdown, CSV, JSON and gbench, with its role") {
  const auto report = to_report(run_of({host_outcome("loop", {1, 1, 1}, host_threading::one_thread, 1)}));
  const auto has_ceiling = [](const std::string& text) { return text.find("host STREAM copy") != std::string::npos; };
  std::ostringstream table, markdown, csv, json, gbench;
  write_table(report, false, table);
  write_table(report, true, markdown);
  write_csv(report, csv);
  write_json(report, json);
  write_gbench(report, run_context{}, gbench);
  for (const auto* out : {&table, &markdown, &csv, &json, &gbench})
    CHECK(has_ceiling(out->str()));
  CHECK(csv.str().find(",ceiling,none,") != std::string::npos);
  CHECK(json.str().find("\"role\": \"ceiling\"") != std::string::npos);
  CHECK(gbench.str().find("\"role\": \"ceiling\"") != std::string::npos);
}

TEST_CASE("a row's interval comes from its rounds: what a rerun on fresh pages moves") {
  std::vector<double> warm;
  std::vector<std::size_t> starts;
  for (const double round : {0.9, 1.0, 1.2}) { // three rounds of ten calls, each round's median `round`
    if (!warm.empty()) starts.push_back(warm.size());
    for (std::size_t i = 0; i < 10; ++i)
      warm.push_back(round * (1 + 0.001 * (double(i % 5) - 2)));
  }
  measured_run run = run_of({host_outcome("loop", warm, host_threading::one_thread, 1)});
  run.outcomes[0].result->in_place.round_starts = starts;
  const result_row r = to_report(run).results[0];
  // Where a rerun's median falls, 1.0 +- t(2) 4.303 x 0.1528 (the round medians' spread) x sqrt(2/3), reaches past
  // the slowest and fastest round, which cap it.
  CHECK(*r.median_ci_low_s == doctest::Approx(0.9));
  CHECK(*r.median_ci_high_s == doctest::Approx(1.2));
  run.outcomes[0].result->in_place.round_starts = {10}; // two rounds are rounds too: 0.9, then the other twenty
  CHECK(*to_report(run).results[0].median_ci_low_s == doctest::Approx(0.9));
  CHECK(*to_report(run).results[0].median_ci_high_s >= 1.09);
  run.outcomes[0].result->in_place.round_starts.clear(); // one round: its calls' interval alone
  CHECK(*to_report(run).results[0].median_ci_high_s < 1.2);
}

namespace {

// A device stream's outcome: each call's host time 2 ms, its kernel time `kernel_s`.
policy_outcome device_outcome(std::string name, std::vector<double> kernel_s, stream_role role = stream_role::policy) {
  measurement m;
  std::vector<double> host_s(kernel_s.size(), 2e-3);
  m.in_place = calls_of(0.1, std::move(host_s), std::move(kernel_s), 0, 1);
  return {{.name = std::move(name),
           .device = side::device,
           .backend = "test",
           .unavailable = std::nullopt,
           .measure = {},
           .role = role,
           .bound = role == stream_role::ceiling ? ceiling_bound::bandwidth : ceiling_bound::none},
          std::nullopt,
          std::move(m)};
}

// Ten kernel times about `median_s`, spread +-4 % in a varied order.
std::vector<double> kernel_times(double median_s) {
  std::vector<double> out;
  for (const int k : {3, -2, 0, 4, -4, 1, -1, 2, -3, 5})
    out.push_back(median_s * (1 + 0.01 * k));
  return out;
}

} // namespace

TEST_CASE("each GPU view is summarized from its own series: kernel times, end to end, disturbed calls left out") {
  policy_outcome o = device_outcome("cuda::kernel", kernel_times(1e-3));
  timed_calls& t = o.result->in_place;
  t.warm_s.push_back(9e-3), t.kernel_s.push_back(9e-3), t.disturbed.push_back(true), t.parallelism.push_back(1);
  o.result->e2e_pageable = calls_of(0.5, {0.02, 0.03, 0.01}, {}, 0, 1);
  measured_run run = run_of({std::move(o)});
  const result_row r = to_report(run).results[0];
  const auto quiet = kernel_times(1e-3);
  const auto kernel = median_confidence_interval(quiet);
  REQUIRE(kernel);
  CHECK(*r.kernel.median_s == summarize_series(quiet)->stats.median_s); // not the disturbed 9 ms call
  CHECK(*r.kernel.low_s == kernel->lower_s);
  CHECK(*r.kernel.high_s == kernel->upper_s);
  CHECK(r.gpu);
  CHECK(*r.median_s == 2e-3);                   // the host clock's view
  CHECK(*r.gpu->e2e_pageable_median_s == 0.02); // end to end's own calls
}

TEST_CASE("a kernel series whose interval overlaps the ceiling's is ~, not !, and one beyond it is !") {
  const auto report_of = [](double policy_median_s) {
    measured_run run = run_of({device_outcome("cuda::kernel", kernel_times(policy_median_s))});
    run.outcomes.push_back(device_outcome("device in place", kernel_times(1e-3), stream_role::ceiling));
    return to_report(run);
  };
  const result_row tied = report_of(0.99e-3).results[0]; // 1 % faster by the medians, within the intervals
  REQUIRE(tied.pct_of_ceiling);
  CHECK(*tied.pct_of_ceiling > 100);
  CHECK(tied.above_ceiling == false);
  const result_row above = report_of(0.5e-3).results[0];
  CHECK(above.above_ceiling == true);
  std::ostringstream table;
  write_table(report_of(0.99e-3), false, table);
  CHECK(table.str().find("~") != std::string::npos);
}

TEST_CASE("% of ceiling sets a row's median against the ceiling's median, not an end of its interval") {
  measured_run run = run_of({host_outcome("loop", {1, 1, 1}, host_threading::one_thread, 1)});
  run.outcomes[1] = ceiling_outcome("host in place (static)", side::host, ceiling_bound::bandwidth,
                                    calls_of(0.1, {0.40, 0.47, 0.41, 0.46, 0.42, 0.45, 0.43, 0.44}, {}, 4, 1.9));
  const auto report = to_report(run);
  const result_row &loop = report.results[0], &c = report.results[1];
  REQUIRE(c.median_ci_low_s); // an interval whose ends differ from the median
  CHECK(*c.median_ci_low_s < *c.median_s);
  CHECK(*loop.pct_of_ceiling == doctest::Approx(100 * *loop.gb_per_s / *c.gb_per_s));
}

TEST_CASE("a call short of the threads it should keep busy is disturbed, one that used them is not") {
  run_config cfg{element_type::float64, 0, 0, {5}};
  cfg.keep_disturbed = true;
  // More threads than the machine has CPUs: the process's CPU time over a call's wall time (stray pool threads
  // spinning on included) cannot reach 0.75 of them, whatever the load; two threads on two CPUs could (4 of 5 once).
  cfg.call_threads = 4 * int(std::max(1u, std::thread::hardware_concurrency()));
  const auto one_thread = time_calls(cfg, [] {
    const auto until = steady_clock::now() + std::chrono::milliseconds(2);
    while (steady_clock::now() < until) {
    }
  });
  CHECK(std::count(one_thread.disturbed.begin(), one_thread.disturbed.end(), true) == 5);
  cfg.call_threads = 1; // a one-thread call is judged by its wait for a CPU alone
  CHECK(is_short_of_threads(1.0, 2));
  CHECK_FALSE(is_short_of_threads(1.9, 2));
  CHECK_FALSE(is_short_of_threads(0.5, 1));
}

TEST_CASE("the host ceiling's low end is the slow end of its median's interval, in GB/s") {
  measured_run run = run_of({host_outcome("loop", {1, 1, 1}, host_threading::one_thread, 1)});
  run.outcomes[1] = ceiling_outcome("host in place (static)", side::host, ceiling_bound::bandwidth,
                                    calls_of(0.1, {0.40, 0.41, 0.42, 0.43, 0.44, 0.45, 0.46, 0.47}, {}, 4, 1.9));
  const auto report = to_report(run);
  const result_row& c = report.results[1];
  REQUIRE(c.median_ci_high_s);
  const figure low = ceiling_figure(report, "host_in_place_low_gb_per_s");
  REQUIRE(low);
  CHECK(*low == doctest::Approx(c.bytes_per_call / 1e9 / *c.median_ci_high_s));
  CHECK(*low < *ceiling_figure(report, "host_in_place_gb_per_s"));
}

TEST_CASE("only a parallel ceiling with an interval of mostly undisturbed calls bounds, else no share, said once") {
  const std::vector<double> par_calls{0.30, 0.31, 0.29, 0.32, 0.30, 0.31, 0.33, 0.30};
  measured_run run = run_of({host_outcome("std::par", par_calls, host_threading::openmp, 1.9)});
  // A one-thread stream faster than the static split (the split waiting for cores other work holds) is no bound.
  run.outcomes.push_back(ceiling_outcome(std::string(one_thread_ceiling), side::host, ceiling_bound::bandwidth,
                                         calls_of(0.1, {0.10, 0.11, 0.10, 0.12, 0.10, 0.11, 0.10}, {}, 8, 1)));
  const auto share = [](const measured_run& r) { return to_report(r).results[0].pct_of_ceiling; };
  const auto bound = [](const measured_run& r) {
    const auto rows = to_report(r).results;
    const result_row* c = bounding_ceiling(rows, side::host, ceiling_bound::bandwidth);
    return c ? c->policy : std::string("none");
  };
  CHECK(bound(run) == "host in place (static)");
  REQUIRE(share(run));
  CHECK(*share(run) == doctest::Approx(100 * 0.5 / 0.305)); // median against median: 164%, marked, not 33 x 10
  const auto no_share_warnings = [](const measured_run& r) {
    const auto warnings = to_report(r).warnings;
    return std::count_if(warnings.begin(), warnings.end(),
                         [](const std::string& w) { return w.find("no share of the host ceiling") == 0; });
  };
  CHECK(no_share_warnings(run) == 0);
  // The static split mostly disturbed: no ceiling bounds, no row has a share, and the run says why once.
  measured_run busy = run;
  busy.outcomes[1].result->in_place.disturbed.assign(6, true);
  CHECK(bound(busy) == "none");
  CHECK_FALSE(share(busy));
  CHECK(no_share_warnings(busy) == 1);
  // The static split without an interval (3 calls) bounds nothing either.
  measured_run short_split = run;
  short_split.outcomes[1].result->in_place = calls_of(0.1, {0.5, 0.4, 0.6}, {}, 4, 1.9);
  CHECK(bound(short_split) == "none");
  CHECK_FALSE(share(short_split));
}

namespace {

// The names of `streams`' host ceilings, in their order.
std::vector<std::string> host_ceiling_names(const std::vector<policy_entry>& streams) {
  std::vector<std::string> out;
  for (const auto& s : streams)
    if (s.role == stream_role::ceiling && s.device == side::host) out.push_back(s.name);
  return out;
}

const result_row& row_named(const benchmark_report& report, const std::string& policy) {
  const auto r = std::find_if(report.results.begin(), report.results.end(),
                              [&](const result_row& row) { return row.policy == policy; });
  REQUIRE(r != report.results.end());
  return *r;
}

} // namespace

TEST_CASE("--workload triad: its own triad ceilings, validated, and its rows' % ceiling is of the fastest") {
  run_config cfg{element_type::float64, 100'003, 0, {6}};
  cfg.workload = workload_id::triad;
  cfg.keep_disturbed = true; // six calls counted: an interval, however busy the test machine
  std::vector<policy_entry> loop = host_rows();
  std::erase_if(loop, [](const policy_entry& p) { return p.name != baseline_policy; });
  const auto streams = with_ceilings(loop, device_info{}, cfg);
  CHECK(host_ceiling_names(streams) == // the in-place shape's three parallel schedules; no in-place increment
        std::vector<std::string>{"host triad (static)", "host triad (dynamic)", "host triad (oneTBB)"});
  measured_run run = run_policies(cfg, std::nullopt, query_host(), device_info{}, streams);
  for (auto& o : run.outcomes) // undisturbed, so that the ceiling bounds on a busy machine too
    if (o.result) o.result->in_place.disturbed.assign(o.result->in_place.warm_s.size(), false);
  const auto report = to_report(run);
  const result_row& row = row_named(report, "loop");
  double fastest = 0;
  for (const char* name : {"host triad (static)", "host triad (dynamic)", "host triad (oneTBB)"}) {
    const result_row& triad = row_named(report, name);
    CAPTURE(name);
    CHECK(triad.status == row_status::ok);
    CHECK(triad.validated == true);
    CHECK(triad.bounds == ceiling_bound::bandwidth);
    CHECK(triad.bytes_per_call == doctest::Approx(3 * 8 * 100'003)); // b and c read, a written
    REQUIRE(triad.gb_per_s);
    fastest = std::max(fastest, *triad.gb_per_s);
  }
  REQUIRE(row.pct_of_ceiling);
  CHECK(*row.pct_of_ceiling == doctest::Approx(100 * *row.gb_per_s / fastest));
  std::ostringstream table;
  write_table(report, false, table);
  CHECK(table.str().find("against its device's fastest parallel triad median GB/s") != std::string::npos);
}

TEST_CASE("--workload uneven: the in-place ceilings run its op, and STREAM copy and scale leave the run") {
  run_config cfg{element_type::float64, 1000, 0, {1}};
  cfg.workload = workload_id::uneven;
  const auto streams = with_ceilings(host_rows(), device_info{}, cfg);
  const auto names = host_ceiling_names(streams);
  CHECK(std::find(names.begin(), names.end(), "host in place (static)") != names.end());
  for (const auto& name : names) // a stream of a copy's shape set against uneven work read 186 %, marked
    CHECK(name.find("STREAM") == std::string::npos);
  cfg.workload = workload_id::increment; // the default run keeps them
  CHECK(host_ceiling_names(with_ceilings(host_rows(), device_info{}, cfg)).size() == 6);
}

TEST_CASE("--workload poly: % ceiling is of the compute ceiling, in GFLOP/s by poly's FLOPs per element") {
  run_config cfg{element_type::float64, 1000, 0, {1}};
  cfg.workload = workload_id::poly;
  CHECK(host_ceiling_names(with_ceilings(host_rows(), device_info{}, cfg)) ==
        std::vector<std::string>{"host FMA chains"});
  measured_run run = run_of({host_outcome("loop", {1.0, 1.1, 0.9, 1.05, 0.95, 1.0}, host_threading::one_thread, 1)});
  run.config.workload = workload_id::poly;
  run.outcomes.resize(1); // the in-place and STREAM ceilings run_of adds are not poly's
  run.outcomes.push_back(ceiling_outcome("host FMA chains", side::host, ceiling_bound::compute,
                                         calls_of(0.1, {0.5, 0.4, 0.6, 0.45, 0.55, 0.5}, {}, 7, 1.9), 0));
  run.outcomes.back().result->flops_per_call = 1e9;
  const auto report = to_report(run);
  const result_row& loop = report.results[0];
  REQUIRE(loop.flops);
  CHECK(*loop.flops->gflop_per_s == doctest::Approx(poly_workload::flops_per_element(1) * 1e6 / 1e9 / *loop.median_s));
  REQUIRE(loop.pct_of_ceiling);
  CHECK(*loop.pct_of_ceiling == doctest::Approx(100 * *loop.flops->gflop_per_s / (1e9 / 1e9 / 0.5)));
  CHECK(*report.results[1].pct_of_ceiling == doctest::Approx(100));
  std::ostringstream table;
  write_table(report, false, table);
  CHECK(table.str().find("median GFLOP/s against its device's fastest parallel compute median GFLOP/s") !=
        std::string::npos);
}

TEST_CASE("at --work K a compute ceiling that may not bound is said once, and no row has a % roofline") {
  measured_run run =
      run_of({host_outcome("std::par", {0.30, 0.31, 0.29, 0.32, 0.30, 0.31, 0.33, 0.30}, host_threading::openmp, 1.9)});
  run.config.work = 8;
  policy_outcome fma = ceiling_outcome("host FMA chains", side::host, ceiling_bound::compute,
                                       calls_of(0.1, {0.01, 0.011, 0.012}, {}, 3, 1.9)); // 3 calls: no interval
  fma.result->flops_per_call = 1e9;
  run.outcomes.push_back(std::move(fma));
  const benchmark_report report = to_report(run);
  REQUIRE(report.results[0].roofline);
  CHECK_FALSE(report.results[0].roofline->pct_of_bound);
  CHECK(std::count_if(report.warnings.begin(), report.warnings.end(), [](const std::string& w) {
          return w.find(
                     "no share of the host compute ceiling (% roofline '-'): no parallel ceiling (host FMA chains)") ==
                 0;
        }) == 1);
}
