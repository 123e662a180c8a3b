// A sweep: one run per point (element count or thread limit), merged into one report with its series and crossovers.
#include "harness/sweep.hpp"

#include "harness/ceiling_rows.hpp"
#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "machine/host_info.hpp"
#include "measure/stopping.hpp"

#include <algorithm>
#include <cstddef>
#include <new>
#include <set>
#include <string>
#include <utility>

namespace policybench {
benchmark_report run_sweep(const sweep_plan& plan, const run_config& run, sweep_clock clock, const host_info& host,
                           const device_info& device, const std::vector<policy_entry>& selected,
                           const sweep_callback& starting, const sweep_point_callback& finished) {
  const bool by_size = plan.kind == sweep_kind::size;
  std::vector<policy_entry> policies = selected;
  sweep_info sweep{plan};
  sweep.min_time_s = run.stop.min_time_s;
  benchmark_report report;
  std::vector<series_point> points; // the plan: size, thread limit (thread sweeps) and K of each point
  if (plan.kind == sweep_kind::work) {
    for (const int k : work_series(plan.min_work, plan.max_work))
      points.push_back({.size = run.size, .work = k});
  } else if (by_size) {
    auto series =
        plan_size_series(plan.min_size, plan.max_size, size_of(run.type), run_memory_limits(selected, device));
    if (series.sizes.empty()) throw insufficient_memory(series.stop_reason);
    for (const auto size : series.sizes)
      points.push_back({.size = size});
    sweep.stop_reason = std::move(series.stop_reason);
  } else {
    // The thread limit reaches oneTBB and OpenMP only; a GPU policy's figures would not change with it.
    std::string left_out;
    for (const auto& p : policies)
      if (p.device != side::host) left_out += (left_out.empty() ? "" : ", ") + p.name;
    if (!left_out.empty()) report.warnings.push_back("a thread sweep runs host policies only; left out: " + left_out);
    std::erase_if(policies, [](const policy_entry& p) { return p.device != side::host; });
    // Up to the CPUs the process may use (its CPU mask, its cgroup's quota), not the machine's cores.
    for (const int t : thread_series(usable_cpus().value))
      points.push_back({.size = run.size, .threads = t});
  }
  std::size_t total = 0; // the measurements announced: each point's runnable policies and ceilings
  for (const auto& p : points)
    for (const auto& stream : with_ceilings(policies, device, p.work))
      total += !stream.unavailable;
  std::set<std::string> said;
  run_config cfg = run;
  for (std::size_t p = 0; p < points.size(); ++p) {
    series_point point = points[p];
    cfg.size = point.size, cfg.work = point.work;
    const std::string where = point_name(plan.kind, point.size, point.threads, point.work);
    const double scale = double(by_size ? point.size : std::uint64_t(point.work));
    const bool by_threads = plan.kind == sweep_kind::threads;
    if (auto late = by_threads ? std::nullopt : clock.cannot_hold(scale, where)) {
      sweep.stop_reason = std::move(*late);
      if (!by_size) report.warnings.push_back(sweep.stop_reason); // a size sweep's series line says it
      break;
    }
    const auto announce = [&](const run_step& s) {
      if (starting) starting(std::string(s.policy) + " at " + where, total);
    };
    run_order order;
    order.budget = clock.start(points.size() - p);
    benchmark_report at;
    try {
      const auto limit = by_threads ? std::optional(point.threads) : std::nullopt;
      at = to_report(
          run_policies(cfg, limit, host, device, with_ceilings(policies, device, point.work), order, announce),
          false); // the cache and noise notes are the series' (finish_sweep_report), not each point's
    } catch (const std::bad_alloc&) {
      if (!by_size || sweep.series.empty()) throw;
      // The larger sizes would need more memory still: end the series here and keep what it measured.
      sweep.stop_reason = "out of host memory (std::bad_alloc) at " + where + "; the points before it are kept";
      break;
    }
    report.results.insert(report.results.end(), at.results.begin(), at.results.end());
    for (const auto& w : at.warnings)
      if (said.insert(w).second) report.warnings.push_back(where + ": " + w); // once, not at every point
    const ceiling_summary& c = at.environment.ceilings;
    const auto copy = std::find_if(c.streams.begin(), c.streams.end(),
                                   [](const ceiling_stream_figures& s) { return s.key == "device_copy"; });
    point.threads = at.environment.config.host_concurrency;
    point.host_in_place_gb_per_s = c.host_in_place_gb_per_s;
    point.host_in_place_low_gb_per_s = c.host_in_place_low_gb_per_s;
    point.device_copy_gb_per_s = copy == c.streams.end() ? figure() : copy->rate;
    sweep.series.push_back(point);
    sweep.stopped_at = point.size;
    report.environment = std::move(at.environment);
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
      finish_sweep_report(so_far, std::move(planned), size_of(run.type));
      finished(std::move(so_far));
    }
  }
  finish_sweep_report(report, std::move(sweep), size_of(run.type));
  return report;
}

} // namespace policybench
