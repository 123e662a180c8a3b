// A sweep: its axes, their points, one run per point merged into one report, and what the series shows together
// (crossovers, compute-bound K, thread scaling, the notes said once).
#include "harness/sweep.hpp"

#include "harness/result.hpp"
#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "machine/host_info.hpp"
#include "measure/run_config.hpp"
#include "measure/timing.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <new>
#include <set>
#include <utility>

namespace policybench {
namespace {

// What each axis' series shows, the config field it varies reset (unknown in the sweep's report).
void finish_size(benchmark_report& report) {
  report_config& config = report.environment.config;
  config.size.reset(), config.working_set_bytes.reset(), config.bytes_per_call = {};
  report.crossovers = find_crossovers(report.results, axis_of(sweep_kind::size));
}

void finish_threads(benchmark_report& report) {
  report.environment.config.threads_limit.reset();
  add_thread_scaling(report.results);
}

void finish_work(benchmark_report& report) {
  report.environment.config.work.reset(); // every point's roofline on the last point's ceilings (K = 1 measures none)
  // Every row of a point carries its K: a ceiling row too, which streams as at every K but was measured at this one.
  for (const series_point& point : report.sweep->series)
    for (std::size_t i = point.first_row; i < point.end_row; ++i)
      if (!is_policy(report.results[i])) report.results[i].roofline = roofline_place{.work = point.work};
  const auto last_ceilings = std::find_if(report.results.rbegin(), report.results.rend(), is_policy).base();
  const std::vector<result_row> ceilings(last_ceilings, report.results.end()); // after its policies' rows
  for (auto& row : report.results)
    if (is_policy(row)) add_roofline(row, work_of(row), ceilings);
  report.crossovers = find_crossovers(report.results, axis_of(sweep_kind::work));
  report.compute_bound = find_compute_bound(report.results);
}

axis_values values_of(const std::vector<int>& counts) {
  return {.values = std::vector<std::uint64_t>(counts.begin(), counts.end()), .stop_reason = ""};
}

const sweep_axis axes[] = {
    {.kind = sweep_kind::size,
     .name = "size",
     .values =
         [](const sweep_plan& plan, std::size_t element_bytes, const memory_limits& limits) {
           return plan_size_series(plan.min_size, plan.max_size, element_bytes, limits);
         },
     .apply = [](point_config& p, std::uint64_t size) { p.run.size = size; },
     .value_of = [](const result_row& r) { return r.size; },
     .label = [](std::uint64_t size) { return std::to_string(size) + (size == 1 ? " element" : " elements"); },
     .finish = finish_size,
     .heading =
         [](std::uint64_t first, std::uint64_t last, std::size_t points) {
           return "size sweep, " + std::to_string(points) + (points == 1 ? " point" : " points") + " from " +
                  std::to_string(first) + " to " + std::to_string(last) + " elements";
         },
     .bounds = [](const sweep_plan& plan) { return std::optional(std::pair(plan.min_size, plan.max_size)); },
     .value_name = "size",
     .compared_key = "sizes_compared",
     .sizes_array = true,
     .cost_grows = true},
    {.kind = sweep_kind::threads,
     .name = "threads",
     // Up to the CPUs the process may use (its CPU mask, its cgroup's quota), not the machine's cores.
     .values = [](const sweep_plan&, std::size_t,
                  const memory_limits&) { return values_of(thread_series(usable_cpus().value)); },
     .apply = [](point_config& p, std::uint64_t threads) { p.threads = int(threads); },
     .value_of = [](const result_row& r) { return std::uint64_t(r.threads); },
     .label = [](std::uint64_t threads) { return std::to_string(threads) + (threads == 1 ? " thread" : " threads"); },
     .finish = finish_threads,
     // A process allowed one CPU sweeps one point.
     .heading =
         [](std::uint64_t, std::uint64_t most, std::size_t) {
           return "thread sweep, " + (most > 1 ? "1 to " + std::to_string(most) + " host threads" : "1 host thread");
         },
     .bounds = [](const sweep_plan&) { return std::optional<std::pair<std::uint64_t, std::uint64_t>>(); },
     .value_name = "thread count",
     .compared_key = "points_compared",
     .gbench_arg = "host_threads",
     // The thread limit reaches oneTBB and OpenMP only; a GPU policy's figures would not change with it.
     .host_only = true},
    {.kind = sweep_kind::work,
     .name = "work",
     .values = [](const sweep_plan& plan, std::size_t,
                  const memory_limits&) { return values_of(work_series(plan.min_work, plan.max_work)); },
     .apply = [](point_config& p, std::uint64_t k) { p.run.work = int(k); },
     .value_of = [](const result_row& r) { return std::uint64_t(work_of(r)); },
     .label = [](std::uint64_t k) { return "K = " + std::to_string(k); },
     .finish = finish_work,
     .heading =
         [](std::uint64_t first, std::uint64_t last, std::size_t) {
           return "work sweep, K = " + std::to_string(first) + " to " + std::to_string(last) +
                  " increments per element";
         },
     .bounds =
         [](const sweep_plan& plan) {
           return std::optional(std::pair<std::uint64_t, std::uint64_t>(plan.min_work, plan.max_work));
         },
     .value_name = "K",
     .compared_key = "points_compared",
     .cost_grows = true}};

// What run_warnings leaves out of each point of every sweep, said once for the series with the points named: which
// points' arrays fit in 4x the host's last-level cache or the device's L2 (STREAM's rule), how many medians are noisy.
void add_sweep_notes(benchmark_report& report, const sweep_axis& axis, std::size_t per_element) {
  const auto points = [&](auto pred, bool up_to) {
    std::string out;
    std::set<std::string> named;
    std::uint64_t largest = 0;
    for (const auto& r : report.results)
      if (const auto p = axis.label(axis.value_of(r)); pred(r) && named.insert(p).second)
        out += (out.empty() ? "" : ", ") + p, largest = std::max(largest, axis.value_of(r));
    // Where the array grows with the axis, the cached points are all those up to the largest.
    return out.empty() ? out : up_to && axis.sizes_array ? "points up to " + axis.label(largest) : "at " + out;
  };
  const auto note_cached = [&](side device, const char* where, std::uint64_t cache_bytes) {
    const std::string at = points(
        [&](const result_row& r) { return r.device == device && under_4x_cache(r.size * per_element, cache_bytes); },
        true);
    if (!at.empty()) report.warnings.push_back(cache_note(at + ": the array", where, cache_bytes));
  };
  if (memory_bound(report.environment.ceilings.shape)) {
    note_cached(side::host, "host's last-level cache", report.environment.host.llc_bytes);
    note_cached(side::device, "device's L2 cache", report.environment.device.l2_cache_bytes);
  }
  // The heading promises at least this many calls a row; a point whose share of the time ran out first says so.
  const int least = least_timed_reps(report.environment.config.reps);
  const auto few = [&](const result_row& r) {
    return r.reps && *r.reps < std::uint64_t(least) && r.stopped_by == to_string(stop_reason::budget);
  };
  if (const auto n = std::count_if(report.results.begin(), report.results.end(), few); n > 0)
    report.warnings.push_back(std::to_string(n) + (n == 1 ? " result" : " results") + " made fewer than " +
                              std::to_string(least) + " timed calls (" + points(few, false) +
                              "): their point's share of the time ran out first; --budget gives more");
  const auto noisy = std::count_if(report.results.begin(), report.results.end(), is_noisy);
  const auto timed = std::count_if(report.results.begin(), report.results.end(), [](auto& r) { return r.cv.known(); });
  if (noisy > 0)
    report.warnings.push_back(
        std::to_string(noisy) + " of " + std::to_string(timed) + " results have warm times that " +
        "vary by more than " + percent(noisy_cv) + " (the cv field; " + points(is_noisy, false) +
        "); their medians are less certain, most at small sizes where one interruption outlasts many calls");
}

// A GPU view's time (add_gpu_views, harness/run.cpp); end to end has a median alone.
view_figures kernel_time(const result_row& r) { return r.gpu ? r.kernel : view_figures(); }
view_figures e2e_pageable(const result_row& r) { return {r.gpu ? r.gpu->e2e_pageable_median_s : figure()}; }
view_figures e2e_pinned(const result_row& r) { return {r.gpu ? r.gpu->e2e_pinned_median_s : figure()}; }

// The fastest point at each value of `axis` among the ok policy rows on `device` (of `policy` only, unless
// empty), timed by `time`: a ceiling is what policies are set against, not one of them.
template <class Time>
std::vector<timing_point> best_per_size(std::span<const result_row> rows, side device, std::string_view policy,
                                        Time time, const sweep_axis& axis) {
  std::map<std::uint64_t, timing_point> best;
  for (const auto& r : rows) {
    const view_figures t = time(r);
    if (!is_policy(r) || r.status != row_status::ok || r.device != device || !t.median_s) continue;
    if (!policy.empty() && r.policy != policy) continue;
    const timing_point p{.size = axis.value_of(r),
                         .seconds = *t.median_s,
                         .policy = r.policy,
                         .row = &r,
                         .low_s = t.low_s,
                         .high_s = t.high_s};
    if (const auto it = best.find(p.size); it == best.end() || p.seconds < it->second.seconds) best[p.size] = p;
  }
  std::vector<timing_point> out;
  for (const auto& [size, p] : best)
    out.push_back(p);
  return out;
}

// Whether every point of `series` from `from` on has an interval: `faster` decided the others on medians alone.
bool intervals_from(std::span<const timing_point> series, std::uint64_t from) {
  return std::all_of(series.begin(), series.end(), [&](const timing_point& p) { return p.size < from || p.high_s; });
}

crossover_point point_at(std::uint64_t size, const std::vector<timing_point>& challenger,
                         const std::vector<timing_point>& baseline) {
  const auto at = [size](const std::vector<timing_point>& series) {
    return *std::find_if(series.begin(), series.end(), [size](const auto& p) { return p.size == size; });
  };
  const timing_point c = at(challenger), b = at(baseline);
  return {.size = size,
          .challenger_policy = c.policy,
          .challenger_s = c.seconds,
          .baseline_policy = b.policy,
          .baseline_s = b.seconds};
}

crossover compare(const char* key, std::string_view challenger_name, std::string_view baseline_name, const char* view,
                  const std::vector<timing_point>& challenger, const std::vector<timing_point>& baseline) {
  std::vector<std::uint64_t> common;
  for (const auto& c : challenger)
    if (std::any_of(baseline.begin(), baseline.end(), [&](const auto& b) { return b.size == c.size; }))
      common.push_back(c.size);
  crossover out{.key = key,
                .challenger = std::string(challenger_name),
                .baseline = std::string(baseline_name),
                .view = view,
                .sizes_compared = common.size(),
                .from_size = crossover_size(challenger, baseline)};
  if (out.from_size) out.at_from_size = point_at(*out.from_size, challenger, baseline);
  out.medians_only =
      out.from_size && !(intervals_from(challenger, *out.from_size) && intervals_from(baseline, *out.from_size));
  if (!common.empty()) out.at_largest_size = point_at(common.back(), challenger, baseline);
  return out;
}

} // namespace

std::span<const sweep_axis> sweep_axes() { return axes; }

const sweep_axis& axis_of(sweep_kind kind) {
  return *std::find_if(std::begin(axes), std::end(axes), [&](const sweep_axis& a) { return a.kind == kind; });
}

axis_values plan_size_series(std::uint64_t min_size, std::uint64_t max_size, std::size_t element_bytes,
                             const memory_limits& limits) {
  axis_values out;
  for (int k = 0;; ++k) {
    // From min_size each time, not by repeated multiplication, so that rounding does not accumulate.
    const double scaled = std::round(double(min_size) * std::pow(10.0, k / 2.0));
    // The first point is min_size itself: 2^64 - 1 rounds up to 2^64 as a double, and must meet the memory check
    // (beyond the address space), not pass for a series that reached --max-size before it began.
    if (k > 0 && (scaled > double(max_size) || scaled >= 0x1p64)) {
      out.stop_reason = "reached --max-size " + std::to_string(max_size);
      return out;
    }
    const std::uint64_t size = k == 0 ? min_size : std::uint64_t(scaled);
    if (const auto shortfall = memory_shortfall(size, element_bytes, limits)) {
      out.stop_reason = *shortfall;
      return out;
    }
    out.values.push_back(size);
  }
}

std::vector<int> thread_series(int logical_cores) {
  std::vector<int> out{1};
  for (int t = 2; t < logical_cores; t *= 2)
    out.push_back(t);
  if (logical_cores > 1) out.push_back(logical_cores);
  return out;
}

std::vector<int> work_series(int min_work, int max_work) {
  std::vector<int> out{min_work};
  for (long long k = 1; k <= max_work; k *= 2)
    if (k > min_work) out.push_back(int(k));
  if (out.back() != max_work) out.push_back(max_work);
  return out;
}

benchmark_report run_sweep(const sweep_plan& plan, const run_config& run, sweep_clock clock, const host_info& host,
                           const device_info& device, const std::vector<policy_entry>& selected,
                           const sweep_callback& starting, const sweep_point_callback& finished) {
  const sweep_axis& axis = axis_of(plan.kind);
  std::vector<policy_entry> policies = selected;
  sweep_info sweep{plan};
  sweep.min_time_s = run.stop.min_time_s;
  benchmark_report report;
  auto [values, stop_reason] = axis.values(plan, size_of(run.type), run_memory_limits(selected, device));
  if (values.empty()) throw insufficient_memory(stop_reason);
  sweep.stop_reason = std::move(stop_reason);
  if (axis.host_only) {
    std::string left_out;
    for (const auto& p : policies)
      if (p.device != side::host) left_out += (left_out.empty() ? "" : ", ") + p.name;
    if (!left_out.empty()) report.warnings.push_back("a thread sweep runs host policies only; left out: " + left_out);
    std::erase_if(policies, [](const policy_entry& p) { return p.device != side::host; });
  }
  std::vector<point_config> points;
  std::size_t total = 0; // the measurements announced: each point's runnable policies and ceilings
  for (const auto value : values) {
    axis.apply(points.emplace_back(point_config{.run = run, .threads = std::nullopt}), value);
    for (const auto& stream : with_ceilings(policies, device, points.back().run))
      total += !stream.unavailable;
  }
  std::set<std::string> said;
  for (std::size_t p = 0; p < points.size(); ++p) {
    const point_config& point = points[p];
    const std::string where = axis.label(values[p]);
    const double scale = double(values[p]);
    if (auto late = axis.cost_grows ? clock.cannot_hold(scale, where) : std::nullopt) {
      sweep.stop_reason = std::move(*late);
      if (!axis.sizes_array) report.warnings.push_back(sweep.stop_reason); // a size sweep's series line says it
      break;
    }
    const auto announce = [&](const run_step& s) {
      if (starting) starting(std::string(s.policy) + " at " + where, total);
    };
    run_order order;
    order.budget = clock.start(points.size() - p);
    benchmark_report at;
    try {
      at = to_report(run_policies(point.run, point.threads, host, device, with_ceilings(policies, device, point.run),
                                  order, announce),
                     false); // the cache and noise notes are the series' (finish_sweep_report), not each point's
    } catch (const std::bad_alloc&) {
      if (!axis.sizes_array || sweep.series.empty()) throw;
      // The larger sizes would need more memory still: end the series here and keep what it measured.
      sweep.stop_reason = "out of host memory (std::bad_alloc) at " + where + "; the points before it are kept";
      break;
    }
    sweep.series.push_back({.size = point.run.size,
                            .threads = at.environment.config.host_concurrency,
                            .work = point.run.work,
                            .first_row = report.results.size(),
                            .end_row = report.results.size() + at.results.size()});
    report.results.insert(report.results.end(), at.results.begin(), at.results.end());
    for (const auto& w : at.warnings)
      if (said.insert(w).second) report.warnings.push_back(where + ": " + w); // once, not at every point
    sweep.stopped_at = point.run.size;
    report.environment = std::move(at.environment);
    report.environment.ceilings.first_row = sweep.series.back().first_row; // its rows among the sweep's
    report.environment.ceilings.end_row = sweep.series.back().end_row;
    report.environment.config.budget_s =
        clock.whole().budget_s() > 0 ? figure(clock.whole().budget_s()) : figure(); // the whole sweep's
    clock.finish(scale);
    if (interrupt_requested) {
      sweep.stop_reason =
          "interrupted (Ctrl-C) at " + where + ": the rows it measured and the points before it are kept";
      break;
    }
    if (finished && p + 1 < points.size()) {
      benchmark_report so_far = report;
      sweep_info planned = sweep;
      planned.stop_reason = "in progress: " + std::to_string(p + 1) + " of " + std::to_string(points.size()) +
                            " points so far (planned to end: " + sweep.stop_reason + ")";
      finish_sweep_report(so_far, std::move(planned), run.arrays() * size_of(run.type));
      finished(std::move(so_far));
    }
  }
  finish_sweep_report(report, std::move(sweep), run.arrays() * size_of(run.type));
  return report;
}

point_ceilings ceilings_at(const series_point& point, std::span<const result_row> results) {
  const auto rows = results.subspan(point.first_row, point.end_row - point.first_row);
  const result_row* host = bounding_ceiling(rows, side::host, ceiling_bound::bandwidth);
  const result_row* device_copy = nullptr; // by its ceiling's key (policies/registry.cpp)
  for (const auto& stream : ceiling_streams(device_info{}, 1))
    if (stream.key == "device_copy") device_copy = ceiling_row(rows, stream);
  return {.host_in_place_gb_per_s = host ? throughput(*host) : figure(),
          .host_in_place_low_gb_per_s = host ? interval_end(*host, true) : figure(),
          .device_copy_gb_per_s = device_copy ? throughput(*device_copy) : figure()};
}

void finish_sweep_report(benchmark_report& report, sweep_info sweep, std::size_t per_element) {
  const sweep_axis& axis = axis_of(sweep.kind);
  report.sweep = std::move(sweep); // its series: each point's rows
  axis.finish(report);
  add_sweep_notes(report, axis, per_element);
}

bool faster(const timing_point& a, const timing_point& b) {
  return a.high_s && b.low_s ? *a.high_s < *b.low_s : a.seconds < b.seconds;
}

std::optional<std::uint64_t> crossover_size(std::span<const timing_point> challenger,
                                            std::span<const timing_point> baseline) {
  std::map<std::uint64_t, bool> wins; // by size, ascending
  for (const auto& c : challenger)
    for (const auto& b : baseline)
      if (c.size == b.size) wins[c.size] = faster(c, b);
  std::optional<std::uint64_t> from;
  for (auto it = wins.rbegin(); it != wins.rend() && it->second; ++it)
    from = it->first;
  return from;
}

std::vector<crossover> find_crossovers(std::span<const result_row> rows, const sweep_axis& axis) {
  const auto best = [&](side device, std::string_view policy, auto time) {
    return best_per_size(rows, device, policy, time, axis);
  };
  const auto best_cpu = best(side::host, "", calls_view);
  const char* cpu = "the fastest CPU policy";
  const char* gpu = "the fastest GPU policy";
  std::vector<crossover> out{
      compare("par_unseq_vs_loop", challenger_policy, baseline_policy, "host-synchronous median",
              best(side::host, challenger_policy, calls_view), best(side::host, baseline_policy, calls_view)),
      compare("gpu_vs_cpu_kernel", gpu, cpu, "kernel time by CUDA events", best(side::device, "", kernel_time),
              best_cpu),
      compare("gpu_vs_cpu_end_to_end", gpu, cpu, "end to end from pageable memory, copies included",
              best(side::device, "", e2e_pageable), best_cpu),
      compare("gpu_vs_cpu_end_to_end_pinned", gpu, cpu, "end to end from pinned memory, copies included",
              best(side::device, "", e2e_pinned), best_cpu)};
  for (auto& c : out)
    c.axis = &axis;
  return out;
}

std::optional<std::uint64_t> compute_bound_from(std::span<const timing_point> series) {
  if (series.empty()) return std::nullopt;
  const auto first = std::min_element(series.begin(), series.end(),
                                      [](const timing_point& a, const timing_point& b) { return a.size < b.size; });
  // "Twice the first time" beats the series where the series is slower than it: crossover_size's rule, reversed.
  std::vector<timing_point> twice_first;
  for (const auto& p : series)
    twice_first.push_back({.size = p.size,
                           .seconds = 2 * first->seconds,
                           .policy = "twice the first",
                           .low_s = scaled(first->low_s, 2),
                           .high_s = scaled(first->high_s, 2)});
  return crossover_size(twice_first, series);
}

std::vector<compute_bound_k> find_compute_bound(std::span<const result_row> rows) {
  std::vector<compute_bound_k> out;
  for (const auto& r : rows) {
    const auto seen = [&](const compute_bound_k& c) { return c.policy == r.policy; };
    if (!is_policy(r) || r.status != row_status::ok || std::any_of(out.begin(), out.end(), seen)) continue;
    const auto series = best_per_size(rows, r.device, r.policy, roofline_view, axis_of(sweep_kind::work));
    compute_bound_k c{.policy = r.policy, .from_work = compute_bound_from(series)};
    c.medians_only = c.from_work && !(intervals_from(series, *c.from_work) && series.front().high_s);
    if (!series.empty()) {
      c.largest_work = series.back().size;
      c.gflop_per_s_at_largest = series.back().row->flops ? series.back().row->flops->gflop_per_s : figure();
    }
    out.push_back(c);
  }
  return out;
}

} // namespace policybench
