// Every timed stream is a row: ceiling rows in every format, an interval that spans the rounds' medians, and a
// parallel call short of its threads counted as disturbed, the low end of the ceiling. Each fails on the bug it names.
#include <doctest/doctest.h>

#include "harness/host_ceiling_run.hpp"

#include "harness/ceiling_rows.hpp"
#include "machine/host_info.hpp"
#include "measure/timing.hpp"
#include "policies/registry.hpp"
#include "report/report.hpp"

#include <algorithm>
#include <sstream>
#include <string>
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

TEST_CASE("a row's interval spans every round's median: what a rerun on fresh pages moves") {
  std::vector<double> warm(30, 1.0);
  for (std::size_t i = 0; i < warm.size(); ++i)
    warm[i] += 0.001 * double(i % 3);
  measured_run run = run_of({host_outcome("loop", warm, host_threading::one_thread, 1)});
  run.outcomes[0].result->in_place.round_median_s = {0.9, 1.001, 1.2};
  const result_row r = to_report(run).results[0];
  CHECK(*r.median_ci_low_s == 0.9);
  CHECK(*r.median_ci_high_s == 1.2);
  run.outcomes[0].result->in_place.round_median_s = {1.001}; // one round: its calls' interval alone
  CHECK(*to_report(run).results[0].median_ci_high_s <= 1.002);
}

TEST_CASE("a call short of the threads it should keep busy is disturbed, one that used them is not") {
  run_config cfg{element_type::float64, 0, 0, 5};
  cfg.keep_disturbed = true;
  cfg.call_threads = 2;
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
