// The regime rule, the probe's footprints and time, and the probe: the in-place ceiling row run as every row is.
#include "harness/regime.hpp"

#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "machine/host_info.hpp"
#include "measure/host_measure.hpp"
#include "measure/run_config.hpp"

#include <algorithm>
#include <cmath>
#include <new>

namespace policybench {

bool under_4x_cache(std::uint64_t array_bytes, std::uint64_t cache_bytes) {
  return cache_bytes > 0 && array_bytes > 0 && array_bytes < 4 * cache_bytes;
}

std::string cache_note(const std::string& subject, const std::string& cache, std::uint64_t cache_bytes) {
  return subject + " is smaller than 4x the " + cache + " (" + std::to_string(cache_bytes) +
         " bytes): figures include cache effects, not memory bandwidth alone (STREAM's rule)";
}

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

std::optional<bandwidth_point> point_of(const result_row& row) {
  if (!row.gb_per_s || !row.median_ci_low_s || !row.median_ci_high_s || *row.median_ci_low_s <= 0) return std::nullopt;
  return bandwidth_point{.bytes = std::uint64_t(row.bytes_per_call / 2),
                         .gb_per_s = *row.gb_per_s,
                         .low_gb_per_s = *gb_per_s(row.bytes_per_call, row.median_ci_high_s),
                         .high_gb_per_s = *gb_per_s(row.bytes_per_call, row.median_ci_low_s),
                         .disturbed = row.mostly_disturbed.value_or(false)};
}

regime_report with_run_point(regime_report probe, std::span<const result_row> rows) {
  const std::string stream = probe_stream().name;
  const auto row = std::find_if(rows.begin(), rows.end(), [&](const result_row& r) { return r.policy == stream; });
  const auto point = row == rows.end() ? std::nullopt : point_of(*row);
  if (!point) return probe;
  auto points = probe.points;
  std::erase_if(points, [&](const bandwidth_point& p) { return p.bytes == point->bytes; });
  points.push_back(*point);
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

policy_entry probe_stream() {
  for (auto& stream : ceiling_streams(device_info{}, 1))
    if (stream.key == "host_in_place_static") return stream;
  throw std::logic_error("no host_in_place_static ceiling"); // ceiling_streams always has it
}

std::vector<result_row> probe_rows(const run_config& cfg, std::span<const std::uint64_t> footprints_bytes,
                                   std::uint64_t skip_bytes, sweep_clock clock, std::optional<int> threads,
                                   const host_info& host) {
  const std::vector<policy_entry> stream{probe_stream()};
  run_config at = cfg; // the run's type and placement; a fixed count of calls, each row's limit the schedule's share
  at.warmup = 1, at.stop = {.reps = probe_calls};
  std::vector<std::size_t> sizes;
  for (const auto bytes : footprints_bytes)
    if (bytes != skip_bytes && bytes >= size_of(cfg.type)) sizes.push_back(bytes / size_of(cfg.type));
  std::vector<result_row> out;
  for (std::size_t i = 0; i < sizes.size() && !interrupt_requested && !clock.whole().spent(); ++i) {
    at.size = sizes[i];
    if (clock.cannot_hold(double(at.size), "")) break;
    run_order order;
    order.budget = clock.start(sizes.size() - i);
    try {
      out.push_back(to_report(run_policies(at, threads, host, device_info{}, stream, order), false).results.front());
    } catch (const std::bad_alloc&) {
      break; // an address-space limit (ulimit -v) below MemAvailable: the larger arrays would not map either
    }
    clock.finish(double(at.size));
  }
  return out;
}

std::optional<regime_report> measure_regime(const run_config& cfg, double probe_s, std::optional<int> threads,
                                            const host_info& host, std::span<const policy_entry> selected) {
  const std::uint64_t array_bytes = cfg.size * size_of(cfg.type);
  if (!runs_on(selected, side::host) || array_bytes == 0) return std::nullopt;
  const auto start = steady_clock::now();
  const auto footprints = probe_footprints(array_bytes, host_available_bytes().value);
  std::vector<bandwidth_point> points;
  for (const auto& row : probe_rows(cfg, footprints, array_bytes,
                                    sweep_clock(time_budget(seconds_from_now(probe_s), probe_s)), threads, host))
    if (const auto point = point_of(row)) points.push_back(*point);
  regime_report r = classify_regime(std::move(points), footprints.back(), array_bytes, host.llc_bytes);
  r.probe_s = seconds_since(start);
  return r;
}

} // namespace policybench
