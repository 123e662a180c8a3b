// summarize(): min, median (odd and even counts), mean, sample standard deviation and cv of known samples.
#include <doctest/doctest.h>

#include "measure/stats.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

using namespace policybench;

TEST_CASE("summarize an odd number of samples") {
  const std::vector<double> s{2, 4, 4, 4, 5, 5, 7, 9, 1}; // sorted: 1 2 4 4 4 5 5 7 9
  const sample_stats st = summarize(s);
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
  const sample_stats st = summarize(s);
  CHECK(st.min_s == 1);
  CHECK(st.median_s == 2.5);
  CHECK(st.mean_s == 2.5);
  CHECK(st.stddev_s == doctest::Approx(std::sqrt(5.0 / 3)));
  CHECK(st.cv == doctest::Approx(std::sqrt(5.0 / 3) / 2.5));
}

TEST_CASE("the sample standard deviation divides by n - 1") {
  const std::vector<double> s{1, 3}; // mean 2, squares 2; n-1 = 1 -> sqrt(2), n would give 1
  const sample_stats st = summarize(s);
  CHECK(st.stddev_s == doctest::Approx(std::sqrt(2.0)));
  CHECK(st.cv == doctest::Approx(std::sqrt(2.0) / 2));
}

TEST_CASE("a single sample has no spread") {
  const std::vector<double> s{0.25};
  const sample_stats st = summarize(s);
  CHECK(st.min_s == 0.25);
  CHECK(st.median_s == 0.25);
  CHECK(st.mean_s == 0.25);
  CHECK(st.stddev_s == 0);
  CHECK(st.cv == 0);
}

TEST_CASE("identical samples have cv 0, and an all-zero sample does not divide by zero") {
  CHECK(summarize(std::vector<double>{3, 3, 3}).cv == 0);
  const sample_stats zeros = summarize(std::vector<double>{0, 0});
  CHECK(zeros.mean_s == 0);
  CHECK(zeros.cv == 0);
}

TEST_CASE("an empty sample throws std::invalid_argument") {
  CHECK_THROWS_AS(summarize(std::vector<double>{}), std::invalid_argument);
}

TEST_CASE("the order of the samples does not matter") {
  const std::vector<double> a{0.5, 0.1, 0.9, 0.3, 0.7, 0.2};
  const std::vector<double> b{0.9, 0.7, 0.5, 0.3, 0.2, 0.1};
  const sample_stats x = summarize(a), y = summarize(b);
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
  REQUIRE(median_noise(ticks));
  CHECK(*median_noise(ticks) == doctest::Approx(0.5e-6 / 10e-6));
  CHECK_FALSE(median_noise(std::vector<double>(10, 10e-6)));
  // Varied samples: the half-width of the interval of ranks 2 and 9 (n = 10) over the median.
  const std::vector<double> varied{9, 1, 5, 3, 7, 2, 10, 4, 8, 6};
  REQUIRE(median_noise(varied));
  CHECK(*median_noise(varied) == doctest::Approx((9.0 - 2.0) / 2 / 5.5));
}
