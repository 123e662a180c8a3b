// A sweep: one run per point (element count or thread limit), merged into one report with its series and crossovers.
#include "harness/sweep.hpp"

#include "harness/crossover.hpp"
#include "harness/results.hpp"
#include "harness/roofline.hpp"
#include "harness/rules.hpp"
#include "harness/sweep_series.hpp"
#include "harness/work_rules.hpp"
#include "machine/cgroup.hpp"
#include "measure/stats.hpp"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <new>
#include <set>
#include <string>

namespace policybench {
namespace {

// What run_warnings leaves out of each point of a size sweep, said once for the series: which points fit in
// 4x the host's last-level cache (STREAM's rule) and how many medians are noisy.
void add_size_sweep_notes(benchmark_report& report, std::size_t element_bytes) {
  const std::uint64_t llc = report.environment.host.llc_bytes;
  std::uint64_t largest_cached = 0;
  std::size_t noisy = 0, timed = 0;
  for (const auto& r : report.results) {
    if (under_4x_cache(r.size * element_bytes, llc)) largest_cached = std::max(largest_cached, r.size);
    timed += r.cv.known();
    noisy += is_noisy(r);
  }
  auto& warnings = report.warnings;
  if (largest_cached > 0)
    warnings.push_back("points up to " + std::to_string(largest_cached) +
                       " elements: the array is smaller than 4x the host's last-level cache (" + std::to_string(llc) +
                       " bytes), so their figures include cache effects, not memory bandwidth alone (STREAM's rule)");
  if (noisy > 0)
    warnings.push_back(std::to_string(noisy) + " of " + std::to_string(timed) +
                       " results have warm times that vary "
                       "by more than " +
                       percent(noisy_cv) +
                       " (the cv field); their medians are less certain, most "
                       "at small sizes where one interruption outlasts many calls");
}

} // namespace

benchmark_report run_sweep(const sweep_plan& plan, const run_config& run, const host_info& host,
                           const device_info& device, const std::vector<policy_entry>& selected,
                           const sweep_callback& starting) {
  const bool by_size = plan.kind == sweep_kind::size;
  std::vector<policy_entry> policies = selected;
  sweep_info sweep{.kind = plan.kind,
                   .min_size = plan.min_size,
                   .max_size = plan.max_size,
                   .min_time_s = run.min_time_s,
                   .min_work = plan.min_work,
                   .max_work = plan.max_work};
  benchmark_report report;
  struct point {
    std::uint64_t size = 0;
    std::optional<int> threads = std::nullopt;
    int work = 1;
  };
  std::vector<point> points;
  if (plan.kind == sweep_kind::work) {
    for (const int k : work_series(plan.min_work, plan.max_work))
      points.push_back({.size = run.size, .threads = std::nullopt, .work = k});
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
      if (p.device != "host") left_out += (left_out.empty() ? "" : ", ") + p.name;
    if (!left_out.empty()) report.warnings.push_back("a thread sweep runs host policies only; left out: " + left_out);
    std::erase_if(policies, [](const policy_entry& p) { return p.device != "host"; });
    // Up to the CPUs the process may use (its CPU mask, its cgroup's quota), not the machine's cores.
    for (const int t : thread_series(usable_cpus().value))
      points.push_back({.size = run.size, .threads = t});
  }
  const auto runnable = std::count_if(policies.begin(), policies.end(), [](const auto& p) { return !p.unavailable; });
  const std::size_t total = points.size() * std::size_t(runnable);
  std::set<std::string> said;
  run_config cfg = run;
  using clock = std::chrono::steady_clock;
  std::size_t points_left = points.size();
  for (const auto& [size, threads, work] : points) {
    cfg.size = size, cfg.work = work;
    const std::string where = plan.kind == sweep_kind::work ? "K = " + std::to_string(work)
                              : by_size                     ? std::to_string(size) + " elements"
                                        : std::to_string(*threads) + (*threads == 1 ? " thread" : " threads");
    const auto announce = [&](const run_step& s) {
      if (starting) starting(std::string(s.policy) + " at " + where, total);
    };
    // Each point gets an even share of the time left before a budget's deadline.
    if (run.deadline) cfg.deadline = clock::now() + (*run.deadline - clock::now()) / std::ptrdiff_t(points_left--);
    benchmark_report at;
    try {
      at = to_report(run_policies(cfg, threads, host, device, policies, {}, announce), !by_size);
    } catch (const std::bad_alloc&) {
      if (!by_size || sweep.series.empty()) throw;
      // The larger sizes would need more memory still: end the series here and keep what it measured.
      sweep.stop_reason = "out of host memory (std::bad_alloc) at " + where + "; the points before it are kept";
      break;
    }
    for (auto& row : at.results) { // a work sweep's rows carry their K, and the roofline figures, even at K = 1
      if (plan.kind == sweep_kind::work) add_roofline(row, work, at.environment.ceilings);
      report.results.push_back(std::move(row));
    }
    for (const auto& w : at.warnings)
      if (said.insert(w).second) report.warnings.push_back(where + ": " + w); // once, not at every point
    const ceilings& c = at.environment.ceilings;
    sweep.series.push_back({.size = size,
                            .threads = at.environment.config.host_concurrency,
                            .host_in_place_gb_per_s = c.host_in_place_gb_per_s,
                            .host_in_place_low_gb_per_s = c.host_in_place_low_gb_per_s,
                            .device_copy_gb_per_s = c.device_copy_gb_per_s,
                            .work = work});
    sweep.stopped_at = size;
    report.environment = std::move(at.environment);
  }
  report_config& config = report.environment.config;
  if (plan.kind == sweep_kind::work) {
    config.work.reset(); // K varies; every point's roofline on the last point's ceilings (K = 1 measures none)
    for (auto& row : report.results)
      add_roofline(row, work_of(row), report.environment.ceilings);
    report.crossovers = find_crossovers(report.results, true);
    report.compute_bound = find_compute_bound(report.results);
  } else if (by_size) {
    config.size.reset(), config.working_set_bytes.reset(), config.bytes_per_call = {};
    report.crossovers = find_crossovers(report.results);
    add_size_sweep_notes(report, size_of(run.type));
  } else {
    config.threads_limit.reset();
    add_thread_scaling(report.results);
  }
  report.sweep = std::move(sweep);
  return report;
}

} // namespace policybench
