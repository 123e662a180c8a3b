// The regime rule, the probe's footprints and time, and the probe run as the policies' rows are.
#include "harness/regime.hpp"

#include "harness/ceiling_rows.hpp"
#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "machine/host_info.hpp"
#include "measure/host_threads.hpp"
#include "measure/seconds.hpp"

#include <algorithm>
#include <cmath>

namespace policybench {

regime_report classify_regime(std::vector<bandwidth_point> points, std::uint64_t planned_top_bytes,
                              std::uint64_t array_bytes, std::uint64_t llc_bytes, double tolerance) {
  std::sort(points.begin(), points.end(), [](const auto& a, const auto& b) { return a.bytes < b.bytes; });
  regime_report r{.array_bytes = array_bytes,
                  .tolerance = tolerance,
                  .llc_bytes = llc_bytes,
                  .planned_top_bytes = planned_top_bytes,
                  .points = points};
  if (llc_bytes > 0) r.stream_rule = under_4x_cache(array_bytes, llc_bytes) ? "cache" : "memory";
  const std::size_t n = points.size();
  if (n == 0 || points.back().bytes < planned_top_bytes) {
    r.why = unknown_reason::top_not_reached;
    return r;
  }
  // Only past the reported cache: a VM's host may hide a larger one (the probe's top is set for that), never a
  // smaller one that serves the footprints the limit left.
  if (llc_bytes > 0 && points.back().bytes <= llc_bytes) {
    r.why = unknown_reason::top_in_cache;
    return r;
  }
  if (std::any_of(points.begin(), points.end(), [&](const bandwidth_point& p) {
        return p.disturbed && (p.bytes >= array_bytes || p.bytes >= points[n < 2 ? 0 : n - 2].bytes);
      })) {
    r.why = unknown_reason::disturbed;
    return r;
  }
  if (n == 1) {
    r.why = unknown_reason::out_of_time;
    return r;
  }
  const bandwidth_point &largest = points[n - 1], &next = points[n - 2];
  const double plateau = (largest.gb_per_s + next.gb_per_s) / 2;
  r.plateau_gb_per_s = plateau;
  if (std::abs(largest.gb_per_s - next.gb_per_s) > tolerance * plateau &&
      !overlap(largest.low_gb_per_s, largest.high_gb_per_s, next.low_gb_per_s, next.high_gb_per_s)) {
    r.why = unknown_reason::still_falling;
    return r;
  }
  const double plateau_high = std::max(largest.high_gb_per_s, next.high_gb_per_s);
  const auto faster = [&](const bandwidth_point& p) {
    return p.gb_per_s > plateau * (1 + tolerance) && p.low_gb_per_s > plateau_high;
  };
  std::size_t first = n; // the flat footprints are points[first, n): the two largest always among them
  while (first > 0 && !faster(points[first - 1]))
    --first;
  // The array's own point, faster at its median but not beyond the plateau's spread, decides neither way.
  const auto noisy = [&](const bandwidth_point& p) {
    return p.bytes == array_bytes && p.gb_per_s > plateau * (1 + tolerance) && !faster(p);
  };
  if (std::any_of(points.begin(), points.end(), noisy)) {
    r.why = unknown_reason::array_point_noisy;
    return r;
  }
  r.memory_from_bytes = points[first].bytes;
  if (array_bytes >= *r.memory_from_bytes)
    r.regime = "memory";
  else if (array_bytes >= points.front().bytes)
    r.regime = "cache";
  else
    r.why = unknown_reason::out_of_time;
  return r;
}

regime_report with_run_point(regime_report probe, std::span<const result_row> rows) {
  const result_row* row = bounding_ceiling(rows, side::host, ceiling_bound::bandwidth);
  if (!row || !row->gb_per_s || !row->median_ci_low_s || !row->median_ci_high_s || *row->median_ci_low_s <= 0)
    return probe;
  auto points = probe.points;
  // Only in place of a point the probe measured: a probe short of time keeps its verdict (and its reason).
  if (std::erase_if(points, [&](const bandwidth_point& p) { return p.bytes == probe.array_bytes; }) == 0) return probe;
  points.push_back({.bytes = probe.array_bytes,
                    .gb_per_s = *row->gb_per_s,
                    .low_gb_per_s = *gb_per_s(row->bytes_per_call, row->median_ci_high_s),
                    .high_gb_per_s = *gb_per_s(row->bytes_per_call, row->median_ci_low_s)});
  regime_report r =
      classify_regime(points, probe.planned_top_bytes, probe.array_bytes, probe.llc_bytes, probe.tolerance);
  r.probe_s = probe.probe_s;
  return r;
}

std::vector<std::uint64_t> probe_footprints(std::uint64_t array_bytes, std::uint64_t available_bytes) {
  const std::uint64_t limit = available_bytes > 0 ? available_bytes / 2 : UINT64_MAX;
  const std::uint64_t top = std::min(std::max(array_bytes, min_probe_top_bytes), limit);
  std::vector<std::uint64_t> out;
  for (std::uint64_t bytes = 1'000'000; bytes <= top; bytes *= 2)
    out.push_back(bytes);
  if (array_bytes > 0 && array_bytes <= limit) out.push_back(array_bytes);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::optional<regime_report> measure_regime(const run_config& cfg, double probe_s, std::optional<int> threads,
                                            const host_info& host, std::span<const policy_entry> selected) {
  const std::uint64_t array_bytes = cfg.size * size_of(cfg.type);
  if (!runs_on(selected, side::host) || array_bytes == 0) return std::nullopt;
  const host_thread_limit limit(threads);
  const auto start = steady_clock::now();
  const auto footprints = probe_footprints(array_bytes, host_available_bytes().value);
  regime_report r = classify_regime(probe_in_place_bandwidth(cfg, footprints, probe_s), footprints.back(), array_bytes,
                                    host.llc_bytes);
  r.probe_s = seconds_since(start);
  return r;
}

} // namespace policybench
