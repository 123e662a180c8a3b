// The answer first, on scripted rows: the fastest row, the rows tied with it (overlapping intervals, never ranked),
// and a parallel speedup only where intervals are apart.
#include <doctest/doctest.h>

#include "harness/rules.hpp"

#include <optional>
#include <string>
#include <vector>

using namespace policybench;

namespace {

result_row row(const char* policy, double median_s, double low_s, double high_s, double parallelism = 1) {
  result_row r;
  r.policy = policy, r.device = side::host, r.median_s = median_s, r.samples_s = {low_s, median_s, high_s};
  r.median_ci_low_s = low_s, r.median_ci_high_s = high_s, r.effective_parallelism = parallelism;
  return r;
}

} // namespace

TEST_CASE("rows whose intervals overlap the fastest's are tied with it, the others are not") {
  std::vector<result_row> rows{row("loop", 2.0, 1.9, 2.1), row("std::par", 1.00, 0.95, 1.05, 2),
                               row("tbb", 1.04, 1.02, 1.10, 2), row("omp", 1.20, 1.06, 1.30, 2)};
  const run_summary s = summarize_run(rows, std::nullopt);
  CHECK(s.fastest == "std::par");
  CHECK(s.fastest_median_s == figure(1.0));
  CHECK(s.tied_with_fastest == std::vector<std::string>{"tbb"});
  REQUIRE(s.speedup);
  CHECK(s.speedup->policy == "std::par");
  CHECK(s.speedup->speedup_vs_loop == doctest::Approx(2.0));
}

TEST_CASE("the speedup names the fastest parallel row beyond loop's interval, not the first in the report") {
  std::vector<result_row> rows{row("loop", 2.0, 1.9, 2.1), row("tbb", 1.5, 1.4, 1.6, 2),
                               row("std::par", 1.0, 0.95, 1.05, 2), row("omp", 1.2, 1.1, 1.3, 2)};
  const run_summary s = summarize_run(rows, std::nullopt);
  REQUIRE(s.speedup);
  CHECK(s.speedup->policy == "std::par");
  CHECK(s.speedup->speedup_vs_loop == doctest::Approx(*rows[0].median_s / *rows[2].median_s));
}

TEST_CASE("a speedup counts only for a parallel row beyond both intervals") {
  // The vectorized one-thread row beats loop, but is not parallel; the parallel row overlaps loop.
  std::vector<result_row> rows{row("loop", 2.0, 1.8, 2.2), row("std::unseq", 1.5, 1.4, 1.6),
                               row("std::par", 1.9, 1.7, 2.0, 2)};
  const run_summary s = summarize_run(rows, std::nullopt);
  CHECK(s.fastest == "std::unseq");
  CHECK(s.loop_ran);
  CHECK_FALSE(s.speedup);
}

TEST_CASE("without a parallel row the speedup says so, not that intervals overlap") {
  // --policies loop,std::seq: two one-thread rows, tied.
  std::vector<result_row> rows{row("loop", 2.0, 1.9, 2.1), row("std::seq", 1.95, 1.9, 2.0)};
  run_summary s = summarize_run(rows, std::nullopt);
  CHECK_FALSE(s.speedup);
  REQUIRE(s.speedup_unjudged);
  CHECK(s.speedup_unjudged->starts_with("no row ran in parallel"));
  rows.push_back(row("std::par", 1.9, 1.8, 2.0, 2)); // one that did, tied with loop: the intervals overlap
  CHECK_FALSE(summarize_run(rows, std::nullopt).speedup_unjudged);
  // One whose parallelism was not measured (under 10 ms of calls) may have run in parallel: not said otherwise.
  rows.back().effective_parallelism = {};
  CHECK_FALSE(summarize_run(rows, std::nullopt).speedup_unjudged);
  // Apart from loop's interval, unmeasured: the reason says so (not "the intervals overlap"), and no speedup.
  rows.back().median_s = 1.0, rows.back().median_ci_low_s = 0.9, rows.back().median_ci_high_s = 1.1;
  const run_summary apart = summarize_run(rows, std::nullopt);
  CHECK_FALSE(apart.speedup);
  REQUIRE(apart.speedup_unjudged);
  CHECK(apart.speedup_unjudged->starts_with("std::par has no measured effective parallelism"));
}

TEST_CASE("of the parallel rows faster than loop without an interval, the reason names the fastest") {
  const auto once = [](const char* policy, double median_s) {
    result_row r = row(policy, median_s, 0, 0, 2);
    r.median_ci_low_s = {}, r.median_ci_high_s = {}, r.samples_s = {median_s};
    return r;
  };
  const std::vector<result_row> rows{row("loop", 2.0, 1.9, 2.1), once("tbb", 1.5), once("std::par", 1.0)};
  const run_summary s = summarize_run(rows, std::nullopt);
  REQUIRE(s.speedup_unjudged);
  CHECK(s.speedup_unjudged->starts_with("std::par has"));
}

TEST_CASE("rows that did not run or failed validation are not ranked, and without loop there is no speedup") {
  std::vector<result_row> rows{row("fast but wrong", 0.1, 0.1, 0.1, 2), row("std::par", 1.0, 0.9, 1.1, 2),
                               row("cuda::kernel", 0.05, 0.05, 0.05, 2)};
  rows[0].status = row_status::invalid;
  rows[2].device = side::device, rows[2].status = row_status::unavailable, rows[2].median_s = {};
  const run_summary s = summarize_run(rows, std::nullopt);
  CHECK(s.fastest == "std::par");
  CHECK(s.tied_with_fastest.empty());
  CHECK_FALSE(s.loop_ran);
  CHECK_FALSE(summarize_run(std::vector<result_row>{rows[2]}, std::nullopt).fastest);
}

TEST_CASE("a row without a confidence interval (under 6 calls) spans its samples") {
  result_row few = row("few", 1.2, 0, 0);
  few.median_ci_low_s = {}, few.median_ci_high_s = {};
  few.samples_s = {1.0, 1.2, 1.5};
  const auto span = median_span_of(few);
  REQUIRE(span);
  CHECK(span->low_s == 1.0);
  CHECK(span->high_s == 1.5);
  const run_summary s = summarize_run(std::vector<result_row>{row("std::par", 1.1, 1.05, 1.15, 2), few}, std::nullopt);
  CHECK(s.tied_with_fastest == std::vector<std::string>{"few"});
}

TEST_CASE("intervals that only touch overlap: the rows are tied, and there is no speedup") {
  std::vector<result_row> rows{row("loop", 2.0, 1.5, 2.5), row("std::par", 1.0, 0.9, 1.5, 2)};
  const run_summary s = summarize_run(rows, std::nullopt);
  CHECK(s.fastest == "std::par");
  CHECK(s.tied_with_fastest == std::vector<std::string>{"loop"});
  CHECK_FALSE(s.speedup);
}

TEST_CASE("no speedup is stated from rows with too few calls for an interval: a single call is a point") {
  result_row one_call = row("loop", 2.0, 0, 0);
  one_call.median_ci_low_s = {}, one_call.median_ci_high_s = {}, one_call.samples_s = {2.0};
  std::vector<result_row> rows{one_call, row("std::par", 1.0, 0.9, 1.1, 2)};
  run_summary s = summarize_run(rows, std::nullopt);
  CHECK_FALSE(s.speedup);
  REQUIRE(s.speedup_unjudged);
  CHECK(s.speedup_unjudged->find("loop has 1 counted timed call") != std::string::npos);
  // The table's speedup column asks the same rule: no figure over a loop the summary sets nothing against.
  rows[1].bytes_per_call = 16;
  CHECK_FALSE(speedup_vs_loop(rows[1], loop_baseline(rows)));

  // loop is judged, but the only parallel row that beats its median made one call.
  result_row par_once = row("std::par", 1.0, 0, 0, 2);
  par_once.median_ci_low_s = {}, par_once.median_ci_high_s = {}, par_once.samples_s = {1.0};
  rows = {row("loop", 2.0, 1.9, 2.1), par_once};
  s = summarize_run(rows, std::nullopt);
  CHECK_FALSE(s.speedup);
  REQUIRE(s.speedup_unjudged);
  CHECK(s.speedup_unjudged->find("std::par has") != std::string::npos);
  rows[1].bytes_per_call = 16;
  CHECK(speedup_vs_loop(rows[1], loop_baseline(rows)) == figure(2.0)); // loop's median is a base
}

TEST_CASE("a fastest row without an interval is not named, and the summary says why and what gives more, once") {
  // A busy run: the fastest row made 5 counted calls (a point and a range, no 95% interval), loop too.
  const auto few = [](const char* policy, double median_s, double parallelism) {
    result_row r = row(policy, median_s, median_s * 0.9, median_s * 1.2, parallelism);
    r.median_ci_low_s = {}, r.median_ci_high_s = {};
    r.samples_s = {median_s * 0.9, median_s, median_s * 1.1, median_s * 1.2, median_s * 0.95};
    return r;
  };
  const std::vector<result_row> rows{few("loop", 2.0, 1), few("std::par", 1.0, 2)};
  const run_summary s = summarize_run(rows, std::nullopt);
  CHECK_FALSE(s.fastest);
  REQUIRE(s.fastest_unjudged);
  CHECK(s.fastest_unjudged->find("std::par has 5 counted timed calls") == 0);
  const auto remedy = [](const std::optional<std::string>& why) {
    return why && why->find("a larger --budget or a quieter machine") != std::string::npos;
  };
  CHECK(remedy(s.fastest_unjudged));
  REQUIRE(s.speedup_unjudged);
  CHECK_FALSE(remedy(s.speedup_unjudged)); // said once
  // Where the fastest is judged, the speedup's reason carries it.
  const std::vector<result_row> judged{few("loop", 2.0, 1), row("std::par", 1.0, 0.9, 1.1, 2)};
  CHECK(remedy(summarize_run(judged, std::nullopt).speedup_unjudged));
  // Rows a count stopped (--reps; policybench-mpi's every row, which takes no --budget) need more of that count.
  std::vector<result_row> counted = rows;
  for (result_row& r : counted)
    r.stopped_by = "reps";
  const run_summary by_count = summarize_run(counted, std::nullopt);
  REQUIRE(by_count.fastest_unjudged);
  CHECK(by_count.fastest_unjudged->find("(a larger --reps or a quieter machine gives more)") != std::string::npos);
  CHECK(by_count.fastest_unjudged->find("--budget") == std::string::npos);
}
