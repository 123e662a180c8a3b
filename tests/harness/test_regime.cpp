// The regime rule on scripted bandwidths: memory or cache from where the in-place bandwidth stops falling, never
// from the cache size the machine reports, with the probe's spread (tests/harness/test_regime_footprints.cpp: its
// footprints, its time and a probe out of time).
#include <doctest/doctest.h>

#include "harness/rules.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <utility>
#include <vector>

using namespace policybench;

namespace {

constexpr std::uint64_t mb = 1'000'000;
constexpr std::uint64_t reported_llc = 32 << 20; // what this VM reports; its host's caches are larger
constexpr std::uint64_t top = 1024 * mb;         // the probe's plan reached

// A footprint whose arrays agreed exactly (no spread).
bandwidth_point at(std::uint64_t bytes, double gb_per_s) { return {bytes, gb_per_s, gb_per_s, gb_per_s}; }

std::vector<bandwidth_point> without_spread(const std::vector<std::pair<std::uint64_t, double>>& curve) {
  std::vector<bandwidth_point> out;
  for (const auto& [bytes, gb_per_s] : curve)
    out.push_back(at(bytes, gb_per_s));
  return out;
}

// This VM as issue 28 measured it: cache-fast up to 160 MB (98 GB/s), about 48 GB/s from 400 MB on.
std::vector<bandwidth_point> hidden_cache_curve() {
  const std::vector<std::pair<std::uint64_t, double>> curve{
      {1 * mb, 121},  {4 * mb, 117},  {16 * mb, 109}, {64 * mb, 101},   {80 * mb, 99},    {128 * mb, 98.5},
      {160 * mb, 97}, {256 * mb, 71}, {512 * mb, 50}, {800 * mb, 48.5}, {1024 * mb, 47.5}};
  return without_spread(curve);
}

} // namespace

TEST_CASE("a size over 4x the reported cache that still streams from a cache is called cache") {
  const regime_report r = classify_regime(hidden_cache_curve(), top, 160 * mb, reported_llc);
  CHECK(r.regime == "cache");
  CHECK(r.memory_from_bytes == 512 * mb);
  CHECK(*r.plateau_gb_per_s == doctest::Approx(48));
  CHECK(r.stream_rule == "memory"); // the secondary fact, which would have misled
  CHECK(classify_regime(hidden_cache_curve(), top, 80 * mb, reported_llc).regime == "cache");
  const regime_report big = classify_regime(hidden_cache_curve(), top, 800 * mb, reported_llc);
  CHECK(big.regime == "memory");
  CHECK(big.stream_rule == "memory");
}

TEST_CASE("a stream no faster inside the cache than past it is bound by its work: unknown, not memory") {
  // uneven's op on the EPYC VM: about 23 GB/s from 1.5 MB, inside its 32 MiB cache, to 768 MB.
  const auto work_bound = without_spread(
      {{1500000, 23.3}, {6 * mb, 23.6}, {48 * mb, 23.3}, {192 * mb, 16.5}, {384 * mb, 23.2}, {768 * mb, 23.3}});
  const regime_report r = classify_regime(work_bound, 768 * mb, 160 * mb, reported_llc);
  CHECK(r.regime == "unknown");
  CHECK(r.why == unknown_reason::no_cache_step);
  CHECK_FALSE(r.memory_from_bytes);
  CHECK(r.plateau_gb_per_s == doctest::Approx(23.25)); // its reason quotes it
  // Without a reported cache nothing says the smallest footprint was inside one: memory, as before.
  CHECK(classify_regime(work_bound, 768 * mb, 160 * mb, 0).regime == "memory");
  // A probe that did not reach its top (uneven's 3 s end near 384 MB) already shows it, past 4x the cache.
  CHECK(classify_regime(work_bound, 1024 * mb, 160 * mb, reported_llc).why == unknown_reason::no_cache_step);
  // Not where other work may have slowed the cache's footprints to memory's pace: a disturbed point.
  auto busy = work_bound;
  busy[1].disturbed = true;
  CHECK(classify_regime(busy, 1024 * mb, 160 * mb, reported_llc).why == unknown_reason::top_not_reached);
}

TEST_CASE("a size under 4x a large reported cache on a flat curve is called memory") {
  // A reported 256 MiB cache the array never fits in the fast part of: flat (within 25%) from 8 MB on.
  const auto flat =
      without_spread({{1 * mb, 90}, {2 * mb, 80}, {8 * mb, 55}, {100 * mb, 52}, {512 * mb, 50}, {1024 * mb, 50}});
  const regime_report r = classify_regime(flat, top, 100 * mb, std::uint64_t(256) << 20);
  CHECK(r.regime == "memory");
  CHECK(r.memory_from_bytes == 8 * mb);
  CHECK(r.stream_rule == "cache");
}

TEST_CASE("a curve still falling at its largest footprints decides nothing") {
  const auto falling = without_spread({{1 * mb, 120}, {256 * mb, 100}, {512 * mb, 80}, {1024 * mb, 55}});
  const regime_report r = classify_regime(falling, top, 1024 * mb, reported_llc);
  CHECK(r.regime == "unknown");
  CHECK(r.why == unknown_reason::still_falling);
  CHECK_FALSE(r.memory_from_bytes);
  const regime_report one = classify_regime({at(1024 * mb, 50)}, top, 1024 * mb, 0);
  CHECK(one.regime == "unknown"); // one point: no plateau
  CHECK(one.why == unknown_reason::out_of_time);
  CHECK_FALSE(one.plateau_gb_per_s); // null in JSON, not a plateau of 0 GB/s
  CHECK_FALSE(one.stream_rule);      // no reported cache: no rule
}

TEST_CASE("a probe cut short below its plan decides nothing, however flat its last footprints") {
  // Out of time after 1 MB: two cache-resident footprints agree with each other, but say nothing about memory.
  const auto cut = without_spread({{800'000, 164}, {1 * mb, 163}});
  const regime_report r = classify_regime(cut, top, 800'000, reported_llc);
  CHECK(r.regime == "unknown");
  CHECK(r.why == unknown_reason::top_not_reached);
  CHECK_FALSE(r.memory_from_bytes);
  CHECK(r.planned_top_bytes == top);
  CHECK(classify_regime(cut, 1 * mb, 800'000, 0).regime == "memory"); // had that been the plan, no cache reported
}

TEST_CASE("a probe whose footprints stop inside the reported cache (a memory limit cut them) decides nothing") {
  // Issue 38's run under a 60 MB cgroup: half of what was available let the probe reach 16 MB, flat at ~103 GB/s,
  // on a host reporting 480 MiB of L3: a plateau of cache, not of memory.
  constexpr std::uint64_t xeon_llc = std::uint64_t(480) << 20;
  const auto cut =
      without_spread({{1 * mb, 104.1}, {2 * mb, 103.5}, {4 * mb, 102.2}, {8 * mb, 103.0}, {16 * mb, 102.6}});
  const regime_report r = classify_regime(cut, 16 * mb, 8 * mb, xeon_llc);
  CHECK(r.regime == "unknown");
  CHECK(r.why == unknown_reason::top_in_cache);
  CHECK(r.stream_rule == "cache");
  CHECK_FALSE(r.memory_from_bytes);
  // The same points past a smaller reported cache, every one at or past it, are a plateau of memory (one inside it
  // and no faster would be a stream bound by its work).
  CHECK(classify_regime(cut, 16 * mb, 8 * mb, 1 * mb).regime == "memory");
}

TEST_CASE("a disturbed point that decides leaves the regime unknown, one below the array does not") {
  // Under load a cache footprint's calls wait for a CPU and read as slow as memory: 80 MB looks flat.
  auto busy = without_spread({{1 * mb, 121}, {16 * mb, 109}, {80 * mb, 50}, {512 * mb, 50.5}, {1024 * mb, 49}});
  busy[2].disturbed = true;
  const regime_report r = classify_regime(busy, top, 80 * mb, reported_llc);
  CHECK(r.regime == "unknown");
  CHECK(r.why == unknown_reason::disturbed);
  CHECK_FALSE(r.memory_from_bytes);
  CHECK(classify_regime(busy, top, 1024 * mb, reported_llc).regime == "memory"); // 80 MB does not decide 1 GB
  busy[2].disturbed = false, busy[4].disturbed = true;                           // the plateau itself
  CHECK(classify_regime(busy, top, 1024 * mb, reported_llc).why == unknown_reason::disturbed);
}

TEST_CASE("a slow small footprint (thread start-up) is not memory, and the points' order does not matter") {
  std::vector<bandwidth_point> curve = hidden_cache_curve();
  curve.push_back(at(8000, 6)); // 8 kB: 2 threads' fork and join outlast the stream
  std::swap(curve.front(), curve.back());
  const regime_report r = classify_regime(curve, top, 8000, reported_llc);
  CHECK(r.regime == "cache");
  CHECK(r.memory_from_bytes == 512 * mb);
  CHECK(r.points.front().bytes == 8000);
  CHECK(classify_regime(hidden_cache_curve(), top, 2000, reported_llc).regime == "unknown"); // under every footprint
  CHECK(classify_regime(hidden_cache_curve(), top, 4000 * mb, reported_llc).regime == "memory"); // past the largest
}

TEST_CASE("this Xeon VM's probes: 10M float64 is cache, 20M and 100M memory, though its footprints differ by 20%") {
  // Medians and spreads of three arrays per footprint as the probe read them here (loaded; GB/s; MB).
  const auto xeon = [](std::initializer_list<std::array<double, 4>> curve) {
    std::vector<bandwidth_point> out;
    for (const auto& [m, low, median, high] : curve)
      out.push_back({std::uint64_t(m) * mb, median, low, high});
    return out;
  };
  const auto at_10m = xeon({{1, 164, 164, 166},
                            {8, 94, 98, 99},
                            {64, 91, 91, 93},
                            {80, 79, 80, 81},
                            {128, 54, 55, 58},
                            {256, 54, 54, 55},
                            {512, 50, 50, 52}});
  const regime_report r10 = classify_regime(at_10m, 512 * mb, 80 * mb, std::uint64_t(260) << 20);
  CHECK(r10.regime == "cache");
  CHECK(r10.memory_from_bytes == 128 * mb);
  CHECK(r10.stream_rule == "cache");
  // 160 MB 18% above the plateau: within the tolerance, and only just apart from the largest footprints' spread.
  const auto at_20m = xeon({{1, 149, 150, 151},
                            {64, 73, 79, 79},
                            {128, 49, 52, 53},
                            {160, 55, 56, 57},
                            {256, 45, 48, 53},
                            {512, 45, 47, 51}});
  const regime_report r20 = classify_regime(at_20m, 512 * mb, 160 * mb, std::uint64_t(260) << 20);
  CHECK(r20.regime == "memory");
  CHECK(r20.memory_from_bytes == 128 * mb);
  // Two footprints in time, both past the cache: enough for the array at the top.
  const regime_report r100 = classify_regime(xeon({{512, 46, 54, 54}, {800, 44, 45, 48}}), 800 * mb, 800 * mb, 0);
  CHECK(r100.regime == "memory");
  CHECK(r100.why == unknown_reason::none);
}

TEST_CASE("spreads decide where the medians alone would not") {
  // The two largest 12 GB/s apart (over 25% of their mean) but one array of each agreed: a plateau, not a fall.
  const std::vector<bandwidth_point> noisy_top{{256 * mb, 70, 60, 75}, {512 * mb, 40, 38, 52}, {1024 * mb, 52, 50, 54}};
  const regime_report r = classify_regime(noisy_top, top, 256 * mb, 0);
  CHECK(r.why == unknown_reason::none);
  CHECK(r.regime == "cache"); // 70 > 46 x 1.25, and its slowest array (60) above the largest's fastest (54)
  // A footprint whose median is fast but whose slowest array streamed as memory does: not shown to be a cache.
  // Where it is the array's own footprint, not shown to be memory either: unknown, saying why.
  std::vector<bandwidth_point> overlapping = noisy_top;
  overlapping[0].low_gb_per_s = 53;
  const regime_report neither = classify_regime(overlapping, top, 256 * mb, 0);
  CHECK(neither.regime == "unknown");
  CHECK(neither.why == unknown_reason::array_point_noisy);
  // Below the array it is one more flat footprint: the array (past it) is memory.
  CHECK(classify_regime(overlapping, top, 512 * mb, 0).regime == "memory");
  CHECK(classify_regime(overlapping, top, 512 * mb, 0).memory_from_bytes == 256 * mb);
  // The same medians without any agreement between the two largest: still falling.
  CHECK(classify_regime(without_spread({{256 * mb, 70}, {512 * mb, 40}, {1024 * mb, 52}}), top, 256 * mb, 0).why ==
        unknown_reason::still_falling);
}

TEST_CASE("a probe whose top footprint is exactly the reported cache decides nothing") {
  // A footprint the size of the cache still fits in it: its plateau is the cache's, as in issue 38's cgroup run.
  const auto flat =
      without_spread({{1 * mb, 104.1}, {2 * mb, 103.5}, {4 * mb, 102.2}, {8 * mb, 103.0}, {16 * mb, 102.6}});
  const regime_report r = classify_regime(flat, 16 * mb, 8 * mb, 16 * mb);
  CHECK(r.regime == "unknown");
  CHECK(r.why == unknown_reason::top_in_cache);
}
