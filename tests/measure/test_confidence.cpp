// median_confidence_interval(): the order-statistic ranks of Conover's table and their exact binomial coverage.
#include <doctest/doctest.h>

#include "measure/timing.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <vector>

using namespace policybench;

namespace {
// 1..n shuffled deterministically (reversed, then the halves swapped): x(k) == k after sorting.
std::vector<double> ranks(std::size_t n) {
  std::vector<double> v(n);
  std::iota(v.rbegin(), v.rend(), 1.0);
  std::rotate(v.begin(), v.begin() + std::ptrdiff_t(n / 2), v.end());
  return v;
}
} // namespace

TEST_CASE("95% intervals of the median: ranks and coverage as tabulated") {
  struct row {
    std::size_t n, lower, upper;
    double coverage;
  };
  // Coverage 1 - 2 P(B <= l - 1), B ~ Binomial(n, 1/2): n = 6: 1 - 2/64; n = 10: 1 - 2 * 11/1024.
  for (const row r : {row{6, 1, 6, 1 - 2.0 / 64}, row{10, 2, 9, 1 - 22.0 / 1024}, row{20, 6, 15, 0.958610},
                      row{100, 40, 61, 0.964800}}) {
    const auto ci = median_confidence_interval(ranks(r.n));
    REQUIRE(ci);
    CHECK(ci->lower_rank == r.lower);
    CHECK(ci->upper_rank == r.upper);
    CHECK(ci->lower_s == double(r.lower)); // the sample is 1..n, so x(k) = k
    CHECK(ci->upper_s == double(r.upper));
    CHECK(ci->confidence == doctest::Approx(r.coverage).epsilon(1e-5));
    CHECK(ci->confidence >= 0.95);
  }
}

TEST_CASE("the ranks are the widest-trimmed ones still at 95%: one more rank would fall below") {
  // n = 20: ranks 7 and 14 cover 1 - 2 P(B <= 6) = 0.884672 < 0.95.
  const auto ci = median_confidence_interval(ranks(20));
  REQUIRE(ci);
  CHECK(ci->lower_rank == 6);
}

TEST_CASE("below 6 samples no 95% interval exists") {
  for (std::size_t n = 0; n < 6; ++n)
    CHECK_FALSE(median_confidence_interval(ranks(n)));
}

TEST_CASE("a lower level trims more, a higher one less") {
  // n = 100: rank 40 at 95% (above); 42 at 90% (coverage 0.9114), 37 at 99% (0.9934).
  const auto ninety = median_confidence_interval(ranks(100), 0.90);
  const auto ninety_nine = median_confidence_interval(ranks(100), 0.99);
  REQUIRE(ninety);
  REQUIRE(ninety_nine);
  CHECK(ninety->lower_rank == 42);
  CHECK(ninety->confidence == doctest::Approx(0.911374).epsilon(1e-5));
  CHECK(ninety_nine->lower_rank == 37);
  CHECK(ninety_nine->confidence == doctest::Approx(0.993363).epsilon(1e-5));
}

TEST_CASE("a large sample stays finite and near the normal approximation") {
  const auto ci = median_confidence_interval(ranks(10'001));
  REQUIRE(ci);
  // The normal approximation says n/2 - 1.96 sqrt(n)/2 = 4903; exactly (scipy.stats.binom) rank 4902 covers
  // 0.952291 and rank 4903 0.949998.
  CHECK(ci->lower_rank == 4902);
  CHECK(ci->upper_rank == 10'002 - 4902);
  CHECK(ci->confidence == doctest::Approx(0.952291).epsilon(1e-5));
}

TEST_CASE("a level outside (0, 1) throws std::invalid_argument") {
  CHECK_THROWS_AS(median_confidence_interval(ranks(10), 1.0), std::invalid_argument);
  CHECK_THROWS_AS(median_confidence_interval(ranks(10), 0.0), std::invalid_argument);
}
