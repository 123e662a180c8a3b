// summarize_series(): min, median (odd and even counts), mean, sample standard deviation and cv of known samples;
// summarize_series(): the counted values, their rounds and the interval a rerun moves; median_noise of a summary.
#include <doctest/doctest.h>

#include "measure/timing.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>
#include <vector>

using namespace policybench;

TEST_CASE("summarize an odd number of samples") {
  const std::vector<double> s{2, 4, 4, 4, 5, 5, 7, 9, 1}; // sorted: 1 2 4 4 4 5 5 7 9
  const sample_stats st = summarize_series(s)->stats;
  CHECK(st.min_s == 1);
  CHECK(st.median_s == 4);
  CHECK(st.mean_s == doctest::Approx(41.0 / 9));
  double sq = 0;
  for (double x : s)
    sq += (x - 41.0 / 9) * (x - 41.0 / 9);
  CHECK(st.stddev_s == doctest::Approx(std::sqrt(sq / 8)));
  CHECK(st.cv == doctest::Approx(st.stddev_s / st.mean_s));
}

TEST_CASE("summarize an even number of samples: the median is the mean of the two middle values") {
  const std::vector<double> s{4, 1, 3, 2}; // mean 2.5, squares 2.25+0.25+0.25+2.25 = 5, /3
  const sample_stats st = summarize_series(s)->stats;
  CHECK(st.min_s == 1);
  CHECK(st.median_s == 2.5);
  CHECK(st.mean_s == 2.5);
  CHECK(st.stddev_s == doctest::Approx(std::sqrt(5.0 / 3)));
  CHECK(st.cv == doctest::Approx(std::sqrt(5.0 / 3) / 2.5));
}

TEST_CASE("the sample standard deviation divides by n - 1") {
  const std::vector<double> s{1, 3}; // mean 2, squares 2; n-1 = 1 -> sqrt(2), n would give 1
  const sample_stats st = summarize_series(s)->stats;
  CHECK(st.stddev_s == doctest::Approx(std::sqrt(2.0)));
  CHECK(st.cv == doctest::Approx(std::sqrt(2.0) / 2));
}

TEST_CASE("a single sample has no spread") {
  const std::vector<double> s{0.25};
  const sample_stats st = summarize_series(s)->stats;
  CHECK(st.min_s == 0.25);
  CHECK(st.median_s == 0.25);
  CHECK(st.mean_s == 0.25);
  CHECK(st.stddev_s == 0);
  CHECK(st.cv == 0);
}

TEST_CASE("identical samples have cv 0, and an all-zero sample does not divide by zero") {
  CHECK(summarize_series(std::vector<double>{3, 3, 3})->stats.cv == 0);
  const sample_stats zeros = summarize_series(std::vector<double>{0, 0})->stats;
  CHECK(zeros.mean_s == 0);
  CHECK(zeros.cv == 0);
}

TEST_CASE("an empty sample has no summary") { CHECK_FALSE(summarize_series(std::vector<double>{})); }

TEST_CASE("the order of the samples does not matter") {
  const std::vector<double> a{0.5, 0.1, 0.9, 0.3, 0.7, 0.2};
  const std::vector<double> b{0.9, 0.7, 0.5, 0.3, 0.2, 0.1};
  const sample_stats x = summarize_series(a)->stats, y = summarize_series(b)->stats;
  CHECK(x.min_s == y.min_s);
  CHECK(x.median_s == y.median_s);
  CHECK(x.median_s == doctest::Approx(0.4));
  CHECK(x.mean_s == doctest::Approx(y.mean_s));
  CHECK(x.stddev_s == doctest::Approx(y.stddev_s));
  CHECK(x.cv == doctest::Approx(y.cv));
  CHECK(a == std::vector<double>{0.5, 0.1, 0.9, 0.3, 0.7, 0.2}); // the input is left as it was
}

TEST_CASE("median_noise: a coarse clock's zero-width interval counts as one tick, identical samples as unknown") {
  // 1 us ticks: 9 of 10 calls read 10 us, one 11 us. The 95% interval is [10, 10] us; the noise is half a tick.
  std::vector<double> ticks(10, 10e-6);
  ticks[3] = 11e-6;
  const auto coarse = median_noise(*summarize_series(ticks));
  REQUIRE(coarse);
  CHECK(*coarse == doctest::Approx(0.5e-6 / 10e-6));
  CHECK_FALSE(median_noise(*summarize_series(std::vector<double>(10, 10e-6))));
  // Varied samples: the half-width of the interval of ranks 2 and 9 (n = 10) over the median.
  const std::vector<double> varied{9, 1, 5, 3, 7, 2, 10, 4, 8, 6};
  const auto noise = median_noise(*summarize_series(varied));
  REQUIRE(noise);
  CHECK(*noise == doctest::Approx((9.0 - 2.0) / 2 / 5.5));
}

TEST_CASE("median_noise is the summary's own interval: rounds widen it as they widen the quoted one") {
  // Two rounds around 1 and 3: the calls' interval alone is narrow; the rounds' medians make it [1, 3].
  const std::vector<double> values{1.0, 1.01, 0.99, 1.02, 0.98, 1.0, 3.0, 3.01, 2.99, 3.02, 2.98, 3.0};
  const std::vector<std::size_t> starts{6};
  const auto s = summarize_series(values, {}, starts);
  REQUIRE(s);
  REQUIRE(s->interval);
  const auto noise = median_noise(*s);
  REQUIRE(noise);
  CHECK(*noise == doctest::Approx((s->interval->upper_s - s->interval->lower_s) / 2 / s->stats.median_s));
  CHECK(s->interval->lower_s <= 1.0);
  CHECK(s->interval->upper_s >= 3.0);
}

namespace {

// Round r's calls: five around `medians[r]` (x 0.999 .. 1.001, in a varied order), so that the round's median is it.
std::vector<double> rounds_of(const std::vector<double>& medians, std::vector<std::size_t>& starts) {
  std::vector<double> values;
  for (const double m : medians) {
    if (!values.empty()) starts.push_back(values.size());
    for (const double f : {1.001, 0.999, 1.0, 1.0005, 0.9995})
      values.push_back(m * f);
  }
  return values;
}

// Where a rerun's median falls, for rounds whose medians are `medians` (before the cap at the slowest and fastest of
// them): the median of every call +- t(R-1) s sqrt(2/R), s the round medians' standard deviation.
std::pair<double, double> rerun_interval(const std::vector<double>& values, const std::vector<double>& medians,
                                         double t) {
  const double median = summarize_series(values)->stats.median_s;
  const double mean = std::accumulate(medians.begin(), medians.end(), 0.0) / double(medians.size());
  double squares = 0;
  for (const double m : medians)
    squares += (m - mean) * (m - mean);
  const double half = t * std::sqrt(squares / double(medians.size() - 1)) * std::sqrt(2.0 / double(medians.size()));
  return {median - half, median + half};
}

} // namespace

TEST_CASE(
    "summarize_series: ten rounds widen the calls' interval to where a rerun's median falls, not to every round") {
  const std::vector<double> medians{1.00, 1.10, 0.95, 1.02, 1.30, 0.98, 1.05, 0.90, 1.01, 1.03};
  std::vector<std::size_t> starts;
  const std::vector<double> values = rounds_of(medians, starts);
  const auto s = summarize_series(values, {}, starts);
  REQUIRE(s);
  REQUIRE(s->interval);
  const auto calls = median_confidence_interval(values);
  REQUIRE(calls);
  const auto [low, high] = rerun_interval(values, medians, 2.262);
  CHECK(s->interval->lower_s == doctest::Approx(std::min(calls->lower_s, low)));
  CHECK(s->interval->upper_s == doctest::Approx(std::max(calls->upper_s, high)));
  // Not the rounds' full range: the one slow round (1.30) and the one fast (0.90) move the spread, not the ends.
  CHECK(s->interval->upper_s < 1.2);
  CHECK(s->interval->lower_s > 0.9);
  CHECK(s->stats.median_s == summarize_series(values)->stats.median_s); // the quoted median is every counted call's
  CHECK(s->counted_s == values);
}

TEST_CASE("summarize_series: few rounds are capped at the slowest and fastest round median, one keeps the calls'") {
  // Three rounds: median +- t(2) 4.303 s sqrt(2/3) reaches past 0.9 and 1.2, so the round medians are the ends.
  std::vector<std::size_t> starts;
  const std::vector<double> medians{1.0, 1.2, 0.9};
  const std::vector<double> values = rounds_of(medians, starts);
  const auto calls = median_confidence_interval(values);
  REQUIRE(calls);
  const auto [low, high] = rerun_interval(values, medians, 4.303);
  REQUIRE(low < 0.9);
  REQUIRE(high > 1.2);
  const auto three = summarize_series(values, {}, starts);
  REQUIRE(three);
  REQUIRE(three->interval);
  CHECK(three->interval->lower_s == std::min(calls->lower_s, 0.9));
  CHECK(three->interval->upper_s == std::max(calls->upper_s, 1.2));

  std::vector<std::size_t> two_starts;
  const std::vector<double> two_values = rounds_of({1.0, 1.2}, two_starts);
  const auto two = summarize_series(two_values, {}, two_starts);
  REQUIRE(two);
  REQUIRE(two->interval);
  CHECK(two->interval->lower_s == std::min(median_confidence_interval(two_values)->lower_s, 1.0));
  CHECK(two->interval->upper_s == std::max(median_confidence_interval(two_values)->upper_s, 1.2));

  const auto one = summarize_series(values); // the same calls as one round
  REQUIRE(one);
  REQUIRE(one->interval);
  CHECK(one->interval->lower_s == calls->lower_s);
  CHECK(one->interval->upper_s == calls->upper_s);
}

TEST_CASE("summarize_series: a slow round widens the interval up to it, never below the fastest round median") {
  // The spread of {1, 1, 10} puts median - t s sqrt(2/3) far below zero: no rerun's median goes there.
  std::vector<std::size_t> starts;
  const std::vector<double> values = rounds_of({1.0, 1.0, 10.0}, starts);
  const auto s = summarize_series(values, {}, starts);
  REQUIRE(s);
  REQUIRE(s->interval);
  CHECK(s->interval->lower_s == std::min(median_confidence_interval(values)->lower_s, 1.0));
  CHECK(s->interval->upper_s == 10.0);
}

TEST_CASE("summarize_series counts only the marked values, in every statistic and in each round's median") {
  // Two rounds of four calls, the last of each disturbed (100x slower).
  const std::vector<double> values{1.0, 1.2, 1.1, 100, 2.0, 2.2, 2.1, 200};
  const std::vector<bool> counted{true, true, true, false, true, true, true, false};
  const std::vector<std::size_t> starts{4};
  const auto s = summarize_series(values, counted, starts);
  REQUIRE(s);
  CHECK(s->counted_s == std::vector<double>{1.0, 1.2, 1.1, 2.0, 2.2, 2.1});
  CHECK(s->stats.median_s == doctest::Approx((1.2 + 2.0) / 2));
  CHECK(s->stats.min_s == 1.0);
  REQUIRE(s->interval);
  CHECK(s->interval->upper_s == 2.2); // the calls' interval (all 6) widened to round medians 1.1 and 2.1
  CHECK_FALSE(summarize_series(values, std::vector<bool>(values.size(), false)));
  CHECK_FALSE(summarize_series({}));
}
