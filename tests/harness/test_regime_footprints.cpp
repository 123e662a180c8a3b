// The regime probe's plan: footprints past the run's array and past a hidden cache, within memory, and its time;
// and points that stop above the array, and the run's own row as the point at the array's footprint.
#include <doctest/doctest.h>

#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "harness/schedule.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace policybench;

namespace {
constexpr std::uint64_t mb = 1'000'000;
} // namespace

TEST_CASE("the probe's footprints reach past the run's array and past a hidden cache, within memory") {
  const auto small = probe_footprints(80 * mb, 0);
  CHECK(small.front() == 1 * mb);
  CHECK(small.back() == min_probe_top_bytes);
  CHECK(std::find(small.begin(), small.end(), 80 * mb) != small.end());
  CHECK(std::is_sorted(small.begin(), small.end()));
  const auto big = probe_footprints(800 * mb, 0);
  CHECK(big.back() == 800 * mb); // the array itself, past the last power of two under it
  CHECK(big[big.size() - 2] == 512 * mb);
  const auto tight = probe_footprints(800 * mb, 1200 * mb); // half of what is available: 600 MB
  CHECK(tight.back() == 512 * mb);
  CHECK(std::find(tight.begin(), tight.end(), 800 * mb) == tight.end());
  CHECK(std::adjacent_find(big.begin(), big.end()) == big.end());
}

TEST_CASE("the probe takes a tenth of the run's budget, at most 3 s") {
  CHECK(probe_seconds(time_budget()) == doctest::Approx(3));
  CHECK(probe_seconds(time_budget::from_now(30)) == doctest::Approx(3));
  CHECK(probe_seconds(time_budget::from_now(6)) == doctest::Approx(0.6));
}

TEST_CASE("a probe with no footprint at or below the array decides nothing for it") {
  const std::vector<bandwidth_point> top_only{{256 * mb, 50, 50, 50}, {512 * mb, 49, 49, 49}, {1024 * mb, 48, 48, 48}};
  const regime_report r = classify_regime(top_only, 1024 * mb, 80 * mb, 0);
  CHECK(r.regime == "unknown");
  CHECK(r.why == unknown_reason::out_of_time);
  CHECK(r.memory_from_bytes == 256 * mb); // where memory starts at the latest
  CHECK(classify_regime(top_only, 1024 * mb, 300 * mb, 0).regime == "memory");
}

TEST_CASE("the run's own in-place ceiling row is the probe's point at the array's footprint") {
  // The Xeon VM in one default run: the footprints around 80 MB, which the probe leaves to the run's row.
  const std::vector<bandwidth_point> probe_points{
      {64'000'000, 90, 85, 95}, {256'000'000, 42, 40, 44}, {512'000'000, 40, 38, 42}};
  const regime_report probe = classify_regime(probe_points, 512'000'000, 80'000'000, 0);
  // That run's host in-place ceiling: 160 MB a call (read and write) in 1.75 ms, interval 1.70 to 1.80 ms: 91 GB/s.
  result_row ceiling{.policy = probe_stream().name,
                     .device = side::host,
                     .backend = "OpenMP",
                     .role = stream_role::ceiling,
                     .bounds = ceiling_bound::bandwidth,
                     .type = "float64"};
  ceiling.bytes_per_call = 160e6, ceiling.median_s = 1.75e-3, ceiling.gb_per_s = 160e6 / 1.75e-3 / 1e9;
  ceiling.median_ci_low_s = 1.70e-3, ceiling.median_ci_high_s = 1.80e-3;
  const std::vector<result_row> rows{ceiling};
  const regime_report r = with_run_point(probe, rows);
  CHECK(r.regime == "cache");
  CHECK(r.memory_from_bytes == 256'000'000u);
  REQUIRE(r.points.size() == probe_points.size() + 1);
  CHECK(r.points[1].bytes == 80'000'000u);
  CHECK(r.points[1].gb_per_s == *ceiling.gb_per_s);
  // Another stream's row is not the probe's; a row without an interval adds no point: the probe's verdict stays.
  result_row other = ceiling;
  other.policy = "host in place (dynamic)";
  CHECK(with_run_point(probe, std::vector<result_row>{other}).points.size() == probe_points.size());
  result_row no_interval = ceiling;
  no_interval.median_ci_low_s = {}, no_interval.median_ci_high_s = {};
  CHECK(with_run_point(probe, std::vector<result_row>{no_interval}).points.size() == probe_points.size());
  // Beside other work the same row's interval reached 8 ms (20 GB/s, under the 40-44 GB/s plateau) while its median
  // stayed at 91 GB/s: neither cache nor memory is shown ("memory: 108 GB/s at its size, 28 GB/s ... from 80 MB on"
  // was printed so).
  result_row busy = ceiling;
  busy.median_ci_high_s = 8e-3;
  const regime_report noisy = with_run_point(probe, std::vector<result_row>{busy});
  CHECK(noisy.regime == "unknown");
  CHECK(noisy.why == unknown_reason::array_point_noisy);
  CHECK_FALSE(noisy.memory_from_bytes);
}
