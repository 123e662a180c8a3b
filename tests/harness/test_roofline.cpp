// The roofline on scripted data: FLOPs, intensity, the bound min(compute, intensity x bandwidth) and the share of it;
// the compute-bound rule and the offload crossover of a work sweep, in figures and in words.
#include <doctest/doctest.h>

#include "harness/rules.hpp"
#include "harness/sweep.hpp"
#include "report/report.hpp"

#include <string>
#include <vector>

using namespace policybench;

TEST_CASE("roofline arithmetic: 2 FLOPs per fused step, FLOP/byte, the lower roof bounds, % of it") {
  // 1000 float64 elements in place move 16000 bytes; K = 8: 16 FLOPs per element, 16000 FLOPs, 1 FLOP/byte.
  const auto [f, place] = roofline(8, 1000, 16000, 1e-6, figure(100), figure(50));
  CHECK(place.work == 8);
  CHECK(*f.flops_per_call == doctest::Approx(16000));
  CHECK(*place.flop_per_byte == doctest::Approx(1.0));
  CHECK(*f.gflop_per_s == doctest::Approx(16.0));         // 16000 FLOPs in 1 us
  CHECK(*place.bound_gflop_per_s == doctest::Approx(50)); // memory roof 1 x 50 GB/s below the compute roof 100
  CHECK(*place.pct_of_bound == doctest::Approx(32));
  // K = 1024: 2048 FLOPs per element, 128 FLOP/byte: the compute roof (100) is lower than 128 x 50.
  const roofline_place high = roofline(1024, 1000, 16000, 1e-3, figure(100), figure(50)).second;
  CHECK(*high.flop_per_byte == doctest::Approx(128));
  CHECK(*high.bound_gflop_per_s == doctest::Approx(100));
  CHECK(*high.pct_of_bound == doctest::Approx(2.048));
  // K = 1 is the plain add: 1 FLOP per element, not a fused step's 2.
  CHECK(*roofline(1, 1000, 16000, 1e-6, {}, {}).first.flops_per_call == doctest::Approx(1000));
}

TEST_CASE("a roof that was not measured does not bound, and no time gives no rate") {
  const roofline_place memory_only = roofline(4, 1000, 16000, 1e-6, {}, figure(50)).second;
  CHECK(*memory_only.bound_gflop_per_s == doctest::Approx(0.5 * 50));
  const roofline_place compute_only = roofline(4, 1000, 16000, 1e-6, figure(7), {}).second;
  CHECK(*compute_only.bound_gflop_per_s == doctest::Approx(7));
  const auto [untimed, untimed_place] = roofline(4, 1000, 16000, {}, figure(7), figure(50));
  CHECK_FALSE(untimed.gflop_per_s);
  CHECK_FALSE(untimed_place.pct_of_bound);
  CHECK_FALSE(roofline(4, 0, 0, 1e-6, figure(7), figure(50)).second.flop_per_byte); // --size 0 moves nothing
}

TEST_CASE("a compute ceiling that ran but may not bound leaves % roofline unknown, not a share of the memory roof") {
  const auto ceiling = [](const char* name, ceiling_bound bound, bool interval) {
    result_row c{.policy = name, .device = side::host, .backend = "test", .type = "float64", .median_s = 1e-3};
    c.role = stream_role::ceiling, c.bounds = bound;
    if (bound == ceiling_bound::compute)
      c.flops = flop_figures{.gflop_per_s = 7};
    else
      c.gb_per_s = 50;
    if (interval) c.median_ci_low_s = 0.9e-3, c.median_ci_high_s = 1.1e-3;
    return c;
  };
  result_row r{.policy = "p", .device = side::host, .backend = "test", .type = "float64", .median_s = 1e-6};
  r.size = 1000, r.bytes_per_call = 16000;
  std::vector<result_row> rows{ceiling("memory", ceiling_bound::bandwidth, true),
                               ceiling("fma", ceiling_bound::compute, false)};
  add_roofline(r, 64, rows); // 8 FLOP/byte: the memory roof alone would be 400 GFLOP/s against a 7 GFLOP/s compute roof
  REQUIRE(r.roofline);
  CHECK_FALSE(r.roofline->bound_gflop_per_s);
  CHECK_FALSE(r.roofline->pct_of_bound);
  rows[1] = ceiling("fma", ceiling_bound::compute, true); // now it may bound: the lower roof, 7
  add_roofline(r, 64, rows);
  CHECK(*r.roofline->bound_gflop_per_s == doctest::Approx(7));
  rows.pop_back(); // no compute ceiling ran at all: the memory roof bounds alone, as roofline() documents
  add_roofline(r, 64, rows);
  CHECK(*r.roofline->bound_gflop_per_s == doctest::Approx(400));
}

namespace {

std::vector<timing_point> by_k(const std::vector<double>& seconds) {
  std::vector<timing_point> out;
  std::uint64_t k = 1;
  for (const double s : seconds)
    out.push_back({.size = k, .seconds = s, .policy = "p"}), k *= 2;
  return out;
}

// A row at K = work; a device row's kernel time is half its median, and it has an end-to-end time from pinned memory.
result_row row(const char* policy, side device, int work, double median_s, figure e2e_pinned_s = {}) {
  result_row r{.policy = policy, .device = device, .backend = "test", .type = "float64", .median_s = median_s};
  add_roofline(r, work, {});
  if (device != side::device) return r;
  r.kernel.median_s = median_s / 2;
  r.gpu = gpu_figures{.e2e_pinned_median_s = e2e_pinned_s};
  return r;
}

} // namespace

TEST_CASE("compute-bound from the first K past twice the first time, at every larger K") {
  CHECK(compute_bound_from(by_k({1, 1.1, 1.3, 2.5, 5, 10})) == 8); // K = 8 takes 2.5x K = 1
  CHECK_FALSE(compute_bound_from(by_k({1, 1, 1.1, 1.2})));         // memory-bound throughout
  CHECK(compute_bound_from(by_k({1, 2.5, 1.5, 3, 6})) == 8);       // a noisy dip moves it up, never down
  CHECK_FALSE(compute_bound_from(by_k({1, 3, 5, 1.5})));           // not past it at the largest K: never
  CHECK_FALSE(compute_bound_from({}));
}

TEST_CASE("compute-bound only where a point's interval lies above twice the first point's") {
  // K = 4's median is 2.1x K = 1's, but its interval reaches down to 1.9, inside twice K = 1's [0.95, 1.05].
  std::vector<timing_point> series = by_k({1, 1.2, 2.1, 4});
  const std::pair<double, double> intervals[] = {{0.95, 1.05}, {1.1, 1.3}, {1.9, 2.3}, {3.8, 4.2}};
  for (std::size_t i = 0; i < series.size(); ++i)
    series[i].low_s = intervals[i].first, series[i].high_s = intervals[i].second;
  CHECK(compute_bound_from(series) == 8);
  CHECK(compute_bound_from(by_k({1, 1.2, 2.1, 4})) == 4); // the medians alone would say K = 4
}

TEST_CASE("a work sweep's offload crossover: device end to end (pinned) against the best host policy by K") {
  // Host: memory-bound until K = 4, then linear. Device: copies dominate (2 ms) until its kernel is slower.
  std::vector<result_row> rows;
  const std::vector<double> host{1, 1, 1.1, 2, 4, 8}, device_e2e{3, 3, 3, 3, 3.1, 3.2};
  for (std::size_t i = 0; i < host.size(); ++i) {
    const int k = 1 << i;
    rows.push_back(row("loop", side::host, k, 2 * host[i] * 1e-3));
    rows.push_back(row("std::par_unseq", side::host, k, host[i] * 1e-3));
    rows.push_back(row("cuda::kernel", side::device, k, 0.1e-3, device_e2e[i] * 1e-3));
  }
  const auto crossovers = find_crossovers(rows, axis_of(sweep_kind::work));
  const crossover& offload = crossovers.back();
  CHECK(offload.key == "gpu_vs_cpu_end_to_end_pinned");
  CHECK(offload.axis->name == "work");
  CHECK(offload.from_size == 16); // 3.1 ms < 4 ms at K = 16, and 3.2 < 8 at 32; 3 > 2 at K = 8
  REQUIRE(offload.at_from_size);
  CHECK(offload.at_from_size->baseline_policy == "std::par_unseq"); // the best host policy, named
  const auto lines = crossover_summary(crossovers);
  CHECK(lines.back().find("faster from K = 16 on, at every larger K measured") != std::string::npos);
  CHECK(lines.back().find("std::par_unseq") != std::string::npos);

  const auto bound = find_compute_bound(rows);
  REQUIRE(bound.size() == 3);
  CHECK(bound[0].policy == "loop");
  CHECK(bound[0].from_work == 16); // 4 > 2 x 1 from K = 16 (2 is not more than twice 1)
  CHECK(bound[0].largest_work == 32);
  CHECK_FALSE(bound[2].from_work); // the device kernel time never grows
  CHECK(compute_bound_summary(bound)[2].find("memory-bound at every K measured") != std::string::npos);
  // Its GFLOP/s as the table's column prints them, two decimals: never "1 GFLOP/s" beside another line's "1.27".
  std::vector<compute_bound_k> whole = bound;
  whole[0].gflop_per_s_at_largest = 1.0;
  CHECK(compute_bound_summary(whole)[0].find("1.00 GFLOP/s at K = 32") != std::string::npos);
}

TEST_CASE("a work sweep's rooflines are on its last point's ceilings, not the fastest of any point") {
  benchmark_report report;
  for (const auto& [work, ceiling_gb_per_s] : {std::pair{1, 100.0}, std::pair{2, 50.0}}) {
    result_row p = row("loop", side::host, work, 1e-3);
    p.bytes_per_call = 16000, p.size = 1000;
    report.results.push_back(p);
    // The K = 1 point's in-place ceiling read faster (a cache-hot first point) than the last point's.
    result_row c = row("host in place (static)", side::host, work, 1e-3);
    c.role = stream_role::ceiling, c.bounds = ceiling_bound::bandwidth;
    c.gb_per_s = ceiling_gb_per_s, c.median_ci_low_s = 0.9e-3, c.median_ci_high_s = 1.1e-3;
    report.results.push_back(c);
  }
  finish_sweep_report(report, {{.kind = sweep_kind::work}}, 8);
  // K = 2: 4 FLOPs per element, 4000 FLOPs per 16000 bytes: 0.25 FLOP/byte x 50 GB/s.
  CHECK(*report.results[2].roofline->bound_gflop_per_s == doctest::Approx(0.25 * 50));
}
