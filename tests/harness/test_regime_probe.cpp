// The regime probe on real arrays: a short size sweep of the host in-place ceiling row, each footprint a row judged
// as every row is (cold call, timed calls, disturbed calls), the run's own array left to the run, and its time kept:
// a probe out of time or told Ctrl-C starts nothing more.
#include <doctest/doctest.h>

#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "measure/run_config.hpp"

#include <cstdint>
#include <vector>

using namespace policybench;

TEST_CASE("the probe sizes the in-place ceiling row at each footprint but the run's array, smallest first") {
  run_config cfg;
  cfg.type = element_type::float32;
  cfg.keep_disturbed = true; // every call counted, however busy the test machine
  const std::vector<std::uint64_t> footprints{2, 1'000'001, 2'000'000, 4'000'000};
  const auto rows = probe_rows(cfg, footprints, 4'000'000, sweep_clock(), std::nullopt, query_host());
  REQUIRE(rows.size() == 2); // 2 bytes hold no float32; 4 MB is the run's
  CHECK(rows[0].size == 250'000);
  CHECK(rows[1].size == 500'000);
  for (const auto& row : rows) {
    CHECK(row.policy == probe_stream().name);
    CHECK(row.status == row_status::ok);
    // Judged as a row: a cold call apart, probe_calls timed calls, each tested for other work.
    CHECK(row.cold_s);
    CHECK(row.reps == std::uint64_t(probe_calls));
    CHECK(row.disturbed_calls);
    // Its point is the row's own figures: the bytes it counts, its median GB/s inside the interval's GB/s.
    const auto point = point_of(row);
    REQUIRE(point);
    CHECK(double(point->bytes) * 2 == row.bytes_per_call);
    CHECK(point->gb_per_s == *row.gb_per_s);
    CHECK(point->low_gb_per_s <= point->gb_per_s);
    CHECK(point->gb_per_s <= point->high_gb_per_s);
  }
}

TEST_CASE("a footprint's point takes its spread from its row's interval, and is none without one") {
  result_row row;
  row.bytes_per_call = 8e6, row.gb_per_s = 8e6 / 2e-4 / 1e9; // 40 GB/s
  row.median_ci_low_s = 1.6e-4, row.median_ci_high_s = 2.5e-4, row.mostly_disturbed = true;
  const auto point = point_of(row);
  REQUIRE(point);
  CHECK(point->bytes == 4'000'000);
  CHECK(point->low_gb_per_s == doctest::Approx(8e6 / 2.5e-4 / 1e9));
  CHECK(point->high_gb_per_s == doctest::Approx(8e6 / 1.6e-4 / 1e9));
  CHECK(point->disturbed);
  row.median_ci_low_s = {};
  CHECK_FALSE(point_of(row));
}

TEST_CASE("a probe out of time measures nothing more") {
  const std::vector<std::uint64_t> footprints{1'000'000, 2'000'000};
  const sweep_clock spent(time_budget(steady_clock::now(), 0.001));
  CHECK(probe_rows(run_config{}, footprints, 0, spent, std::nullopt, query_host()).empty());
}

TEST_CASE("Ctrl-C before the probe's first call ends it with nothing measured, at once") {
  interrupt_requested = true;
  const auto start = steady_clock::now();
  const std::vector<std::uint64_t> footprints{1'000'000, 2'000'000, 64'000'000};
  const auto rows = probe_rows(run_config{}, footprints, 0, sweep_clock(), std::nullopt, query_host());
  const double took_s = seconds_since(start);
  interrupt_requested = false;
  CHECK(rows.empty());
  CHECK(took_s < 1); // not one 64 MB array mapped, placed and streamed: within a call
}
