// Crossovers on synthetic sweeps: the definition ("from S on" = at S and every larger common size), no crossover,
// crossover at the first point, noisy non-monotone data, and the report's crossovers object and sentences.
#include <doctest/doctest.h>

#include "harness/sweep.hpp"
#include "report/report.hpp"

#include <vector>

using namespace policybench;

namespace {

std::vector<timing_point> series(const std::vector<std::uint64_t>& sizes, const std::vector<double>& seconds) {
  std::vector<timing_point> out;
  for (std::size_t i = 0; i < sizes.size(); ++i)
    out.push_back({sizes[i], seconds[i], "p"});
  return out;
}

const std::vector<std::uint64_t> sizes{1000, 10000, 100000, 1000000};

} // namespace

TEST_CASE("a challenger that wins from the third size on crosses over there") {
  CHECK(crossover_size(series(sizes, {5, 5, 1, 1}), series(sizes, {1, 2, 3, 4})) == 100000);
}

TEST_CASE("a challenger that wins everywhere crosses over at the first size") {
  CHECK(crossover_size(series(sizes, {0.5, 1, 2, 3}), series(sizes, {1, 2, 3, 4})) == 1000);
}

TEST_CASE("no crossover: never faster, faster only in the middle, or only as fast") {
  CHECK_FALSE(crossover_size(series(sizes, {2, 3, 4, 5}), series(sizes, {1, 2, 3, 4})));
  CHECK_FALSE(crossover_size(series(sizes, {2, 1, 1, 5}), series(sizes, {1, 2, 3, 4})));
  CHECK_FALSE(crossover_size(series(sizes, {1, 2, 3, 4}), series(sizes, {1, 2, 3, 4}))); // a tie is not a win
  CHECK_FALSE(crossover_size({}, series(sizes, {1, 2, 3, 4})));
}

TEST_CASE("noisy data: a loss after a first win moves the crossover above the loss") {
  // Wins at 10^3, loses at 10^4 (noise), wins from 10^5: the crossover is 10^5, not 10^3.
  CHECK(crossover_size(series(sizes, {0.5, 3, 1, 1}), series(sizes, {1, 2, 3, 4})) == 100000);
}

TEST_CASE("a win within both intervals is no win: faster means apart, where both points have an interval") {
  const auto point = [](std::uint64_t size, double median, double low, double high) {
    return timing_point{.size = size, .seconds = median, .policy = "p", .low_s = low, .high_s = high};
  };
  // 0.7% faster at the median, the intervals overlapping (a sweep of noisy medians): never, at either size.
  const std::vector<timing_point> near{point(1000, 0.993, 0.95, 1.04), point(10000, 0.993, 0.95, 1.04)};
  const std::vector<timing_point> baseline{point(1000, 1.0, 0.96, 1.05), point(10000, 1.0, 0.96, 1.05)};
  CHECK_FALSE(crossover_size(near, baseline));
  // Apart at the larger size only: from there on.
  const std::vector<timing_point> apart{point(1000, 0.993, 0.95, 1.04), point(10000, 0.8, 0.78, 0.82)};
  CHECK(crossover_size(apart, baseline) == 10000);
  // Without an interval on one side (an end-to-end view), the medians decide.
  std::vector<timing_point> medians_only = near;
  for (auto& p : medians_only)
    p.low_s = p.high_s = figure();
  CHECK(crossover_size(medians_only, baseline) == 1000);
}

TEST_CASE("only sizes both sides measured count, in any order") {
  const auto challenger = series({1000000, 1000, 100000}, {1, 5, 1});
  const auto baseline = series({1000, 10000, 100000, 1000000}, {1, 2, 3, 4});
  CHECK(crossover_size(challenger, baseline) == 100000);
}

namespace {

result_row row(const char* policy, side device, std::uint64_t size, double median_s, double kernel_s = -1) {
  result_row r;
  r.policy = policy, r.device = device, r.size = size, r.median_s = median_s;
  if (kernel_s >= 0) {
    r.kernel.median_s = kernel_s;
    r.gpu = gpu_figures{.e2e_pageable_median_s = median_s * 100, .e2e_pinned_median_s = median_s * 50};
  }
  return r;
}

} // namespace

TEST_CASE("the report's crossovers: best GPU against best CPU, transfers never paying, sentences with numbers") {
  std::vector<result_row> results;
  for (const std::uint64_t size : {1000, 10000, 100000}) {
    const double s = double(size) * 1e-9;
    results.push_back(row("loop", side::host, size, s));
    results.push_back(row("std::par_unseq", side::host, size, size >= 10000 ? s / 2 : s * 10));
    results.push_back(row("cub::DeviceTransform", side::device, size, s, size >= 100000 ? s / 100 : s * 10));
  }
  results.push_back(row("std::par", side::host, 100000, 1e-9)); // the fastest CPU policy at 10^5
  result_row failed = row("thrust::device", side::device, 1000, 1e-12, 1e-12);
  failed.status = row_status::failed; // failed rows never count
  results.push_back(failed);
  result_row invalid = row("std::par", side::host, 1000, 1e-12);
  invalid.status = row_status::invalid; // nor do invalid ones
  results.push_back(invalid);
  result_row ceiling = row("host in place (static)", side::host, 100000, 1e-12);
  ceiling.role = stream_role::ceiling; // what the policies are set against, never the fastest CPU policy
  results.push_back(ceiling);
  const auto c = find_crossovers(results, axis_of(sweep_kind::size));
  REQUIRE(c.size() == 4);
  CHECK(c[0].key == "par_unseq_vs_loop");
  CHECK(c[0].from_size == 10000);
  CHECK(c[0].sizes_compared == 3);
  CHECK(c[1].key == "gpu_vs_cpu_kernel");
  CHECK_FALSE(c[1].from_size); // std::par wins at the largest size
  REQUIRE(c[1].at_largest_size);
  CHECK(c[1].at_largest_size->baseline_policy == "std::par");
  CHECK(c[1].at_largest_size->challenger_s == doctest::Approx(1e-6));
  CHECK_FALSE(c[2].from_size);
  const auto lines = crossover_summary(c);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0].find("from 10000 elements") != std::string::npos);
  CHECK(lines[0].find("us") != std::string::npos);
  CHECK(lines[2].find("never in this range") != std::string::npos);
  // These rows have medians alone (no calls, no interval): the verdict says what it rests on; with intervals apart
  // at every size from 10^4 on, it does not.
  CHECK(c[0].medians_only);
  CHECK(lines[0].find("on medians alone") != std::string::npos);
  for (auto& r : results)
    r.median_ci_low_s = scaled(r.median_s, 0.99), r.median_ci_high_s = scaled(r.median_s, 1.01);
  const auto apart = find_crossovers(results, axis_of(sweep_kind::size));
  CHECK(apart[0].from_size == 10000);
  CHECK_FALSE(apart[0].medians_only);
  CHECK(crossover_summary(apart)[0].find("on medians alone") == std::string::npos);
}

TEST_CASE("a sweep without GPU rows says the GPU crossovers were not measured") {
  const std::vector<result_row> results{row("loop", side::host, 1000, 1), row("std::par_unseq", side::host, 1000, 0.5)};
  const auto lines = crossover_summary(find_crossovers(results, axis_of(sweep_kind::size)));
  REQUIRE(lines.size() == 4);
  CHECK(lines[0].find("from 1000 elements") != std::string::npos);
  CHECK(lines[1].find("not measured") != std::string::npos);
}
