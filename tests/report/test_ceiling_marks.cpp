// A share of the ceiling above 100 is never printed bare: the rule that marks it, the cell, the footer's reason; and
// warnings that quote only what the rows show.
#include <doctest/doctest.h>

#include "harness/rules.hpp"
#include "report/report.hpp"

#include <sstream>
#include <string>

using namespace policybench;

namespace {

// A host row at `pct` % of its ceiling whose median (1 ms) has the interval [low_s, high_s].
result_row share(double pct, double low_s, double high_s) {
  result_row r;
  r.policy = std::string("p"); // one statement each: GCC 12 warns falsely (-Wrestrict) on a comma chain here
  r.device = side::host;
  r.backend = std::string("test");
  r.size = 1'000'000, r.bytes_per_call = 16e6;
  r.median_s = 1e-3, r.median_ci_low_s = low_s, r.median_ci_high_s = high_s, r.pct_of_ceiling = pct;
  r.reps = 20, r.validated = true;
  r.gb_per_s = 16;
  return r;
}

// The row and the in-place ceiling it is at `pct` % of: a median with a narrow interval (a ceiling without one
// bounds nothing), so that the row's slow end all but alone decides.
std::vector<result_row> with_ceiling(const result_row& r, double pct) {
  result_row c = r;
  c.policy = std::string("host in place (static)");
  c.role = stream_role::ceiling;
  c.bounds = ceiling_bound::bandwidth;
  c.median_s = 1e-3 * pct / 100, c.pct_of_ceiling = 100;
  c.median_ci_low_s = *c.median_s * 0.999, c.median_ci_high_s = *c.median_s * 1.001;
  c.gb_per_s = 16 * 100 / pct;
  return {r, c};
}

std::optional<bool> above(const result_row& r) {
  return r.pct_of_ceiling ? above_ceiling(r, with_ceiling(r, *r.pct_of_ceiling), workload_id::increment)
                          : above_ceiling(r, {}, workload_id::increment);
}

std::string table_of(const result_row& r, std::uint64_t llc_bytes) {
  benchmark_report report;
  report.environment.config.size = r.size;
  report.environment.host.llc_bytes = llc_bytes;
  report.results = with_ceiling(r, *r.pct_of_ceiling);
  report.results.front().above_ceiling = above(r);
  std::ostringstream out;
  write_table(report, false, out);
  return out.str();
}

} // namespace

TEST_CASE("above_ceiling: beyond both intervals only when even the slow end of the median's interval beats it") {
  CHECK_FALSE(*above(share(99, 0.99e-3, 1.01e-3)));
  // 103% at the median, 103 / 1.05 = 98% at the interval's slow end: within the noise.
  CHECK_FALSE(*above(share(103, 0.95e-3, 1.05e-3)));
  // 110% at the median, 110 / 1.02 = 108% at the slow end: beyond.
  CHECK(*above(share(110, 0.98e-3, 1.02e-3)));
  // The ceiling's interval counts at its fast end: the row's slow end, 108%, is under the 111% that end allows.
  auto rows = with_ceiling(share(110, 0.98e-3, 1.02e-3), 110);
  rows[1].median_ci_low_s = *rows[1].median_s * 0.9, rows[1].median_ci_high_s = *rows[1].median_s * 1.1;
  CHECK_FALSE(*above_ceiling(rows[0], rows, workload_id::increment));
  // No interval (under 6 samples): the median itself decides.
  result_row few = share(101, 0, 0);
  few.median_ci_low_s = {}, few.median_ci_high_s = {};
  CHECK(*above(few));
  result_row none = share(0, 1e-3, 1e-3);
  none.pct_of_ceiling = {};
  CHECK_FALSE(above(none));
}

TEST_CASE("the table marks a share above 100 and says why in the footer, at or under 100 it is bare") {
  const std::string bare = table_of(share(99.5, 0.99e-3, 1.01e-3), 1 << 20);
  CHECK(bare.find(" 99.5 ") != std::string::npos);
  CHECK(bare.find("!:") == std::string::npos);
  const std::string within = table_of(share(103, 0.95e-3, 1.05e-3), 1 << 20);
  CHECK(within.find("103.0 ~") != std::string::npos);
  CHECK(within.find("~: above the ceiling's median, but within both intervals") != std::string::npos);
  // 8 MB under 4x a 32 MiB cache: the reason is the cache; over 4x a 1 MiB one, the ceiling's kernel or the load.
  const std::string cached = table_of(share(110, 0.98e-3, 1.02e-3), 32u << 20);
  CHECK(cached.find("110.0 !") != std::string::npos);
  CHECK(cached.find("by more than the row's spread") != std::string::npos);
  CHECK(cached.find("under 4x the last-level cache") != std::string::npos);
  CHECK(cached.find("cache-resident") == std::string::npos); // under 4x a cache is no proof the array fits in it
  const std::string finding = table_of(share(110, 0.98e-3, 1.02e-3), 1 << 20);
  CHECK(finding.find("not the fastest schedule here") != std::string::npos);
  CHECK(finding.find("too few calls") == std::string::npos);
  // A row without an interval is above the median, but nothing says by how much beyond its noise.
  result_row few = share(110, 0, 0);
  few.median_ci_low_s = {}, few.median_ci_high_s = {};
  const std::string unsure = table_of(few, 32u << 20);
  CHECK(unsure.find("110.0 !") != std::string::npos);
  CHECK(unsure.find("without a 95% interval (under 6 counted calls") != std::string::npos);
  CHECK(unsure.find("spread") == std::string::npos);
  CHECK(unsure.find("under 4x the last-level cache") == std::string::npos);
}

TEST_CASE("at --work K > 1 a policy's % ceiling is '-', and the footer explains no mark the table does not show") {
  benchmark_report report;
  report.environment.config.size = 1'000'000, report.environment.config.work = 4;
  result_row r = share(110, 0.98e-3, 1.02e-3);
  report.results = with_ceiling(r, 110);
  report.results.front().above_ceiling = above(r);
  std::ostringstream out;
  write_table(report, false, out);
  CHECK(out.str().find("110.0 !") == std::string::npos);
  CHECK(out.str().find("!: above the ceiling's median") == std::string::npos);
  CHECK(out.str().find("'-' for the policies at --work K > 1") != std::string::npos);
}

TEST_CASE("a compute ceiling measured above its theoretical peak says the clock assumed was low, under it nothing") {
  benchmark_report report;
  report.results.push_back(share(50, 0.99e-3, 1.01e-3));
  result_row fma; // the host compute ceiling's row, read for the footer as environment.ceilings is written
  fma.policy = std::string("host FMA chains");
  fma.role = stream_role::ceiling;
  fma.bounds = ceiling_bound::compute;
  fma.flops = flop_figures{.flops_per_call = 1e9, .gflop_per_s = 275};
  report.results.push_back(fma);
  auto& c = report.environment.ceilings;
  c.end_row = report.results.size();
  c.streams = {{.name = fma.policy,
                .device = side::host,
                .backend = "FMA",
                .unavailable = std::nullopt,
                .measure = {},
                .bound = ceiling_bound::compute,
                .key = "host_compute"}};
  c.host_compute_peak = compute_peak{.gflop_per_s = 166, .how = "2 threads x 2596 MHz"};
  std::ostringstream above;
  write_table(report, false, above, true); // whole lines: the default table wraps this one
  CHECK(above.str().find("ran at 1.66x this peak: the cores' clock was above the one assumed") != std::string::npos);
  report.results.back().flops->gflop_per_s = 150;
  std::ostringstream under;
  write_table(report, false, under);
  CHECK(under.str().find("host theoretical peak: 166.0 GFLOP/s (2 threads x 2596 MHz)") != std::string::npos);
  CHECK(under.str().find("this peak") == std::string::npos);
}
