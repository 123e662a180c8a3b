// The regime probe on real arrays: one point per footprint in order, a positive bandwidth within its arrays' spread,
// the bytes a row counts, and its time limit kept: an array that would end past it is not started; Ctrl-C ends it
// before its next call.
#include <doctest/doctest.h>

#include "measure/ceilings.hpp"
#include "measure/seconds.hpp"
#include "measure/stopping.hpp"
#include "policies/registry.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

using namespace policybench;

TEST_CASE("the probe streams each footprint it has time for, in whole elements") {
  run_config cfg;
  cfg.type = element_type::float32;
  const std::vector<std::uint64_t> footprints{2, 1'000'001, 2'000'000};
  const auto points = probe_in_place_bandwidth(cfg, footprints, 60); // room for both on a loaded machine
  REQUIRE(points.size() == 2);                                       // 2 bytes hold no float32
  CHECK(points[0].bytes == 1'000'000);
  CHECK(points[1].bytes == 2'000'000);
  // The median of the arrays that had an undisturbed call, within their spread: not strictly, since on a busy
  // machine an array whose every call was disturbed is left out and one array's figure is all three.
  for (const auto& p : points) {
    CHECK(p.low_gb_per_s > 0);
    CHECK(p.low_gb_per_s <= p.gb_per_s);
    CHECK(p.gb_per_s <= p.high_gb_per_s);
  }
}

TEST_CASE("the probe counts the bytes the in-place ceiling rows count: each element read and written") {
  // 8 MB in cache: calls of a fraction of a millisecond, so that the fastest of many is the machine's, not its load.
  // Both taken in turns, three times each, so that a busy spell of the machine slows neither side alone.
  run_config cfg{element_type::float64, 1'000'000, 2, {10}};
  cfg.keep_disturbed = true;
  const std::vector<std::uint64_t> footprint{cfg.size * size_of(cfg.type)};
  double best_s = HUGE_VAL, probe_gb_per_s = 0; // the fastest call of the ceiling streams the probe times, and its
  for (int turn = 0; turn < 3; ++turn) {
    for (const auto& c : ceiling_streams(device_info{}, 1))
      if (c.key == "host_in_place_static" || c.key == "host_in_place_one_thread")
        for (const double s : c.measure(cfg).in_place.warm_s)
          best_s = std::min(best_s, s);
    const auto points = probe_in_place_bandwidth(cfg, footprint, 60);
    REQUIRE(points.size() == 1);
    probe_gb_per_s = std::max(probe_gb_per_s, points[0].high_gb_per_s);
  }
  const double row_gb_per_s = cfg.bytes_per_call() / 1e9 / best_s;
  // The fastest array's fastest call against the rows' fastest call: the same stream, so about 1 (half: reads only).
  CHECK(probe_gb_per_s > 0.7 * row_gb_per_s);
  CHECK(probe_gb_per_s < 1.6 * row_gb_per_s);
}

TEST_CASE("a probe out of time measures nothing more") {
  const std::vector<std::uint64_t> footprints{1'000'000, 2'000'000};
  CHECK(probe_in_place_bandwidth(run_config{}, footprints, 0).empty());
}

TEST_CASE("a probe whose limit cannot hold its two largest footprints starts neither") {
  // The rate from the 1 MB array (its mapping and first touch included) puts 768 MB far past 50 ms on any machine:
  // a probe that started the 512 MB array anyway would overrun its limit by that array's first touch.
  const std::vector<std::uint64_t> footprints{1'000'000, 256'000'000, 512'000'000};
  CHECK(probe_in_place_bandwidth(run_config{}, footprints, 0.05).empty());
}

TEST_CASE("Ctrl-C before the probe's first call ends it with nothing measured, at once") {
  interrupt_requested = true;
  const auto start = steady_clock::now();
  const std::vector<std::uint64_t> footprints{1'000'000, 2'000'000, 64'000'000};
  const auto points = probe_in_place_bandwidth(run_config{}, footprints, 60);
  const double took_s = seconds_since(start);
  interrupt_requested = false;
  CHECK(points.empty());
  CHECK(took_s < 1); // not one 64 MB array mapped, placed and streamed: within a call
}
