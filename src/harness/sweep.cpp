// A sweep: one run per point (element count or thread limit), merged into one report with its series and crossovers.
#include "harness/sweep.hpp"

#include "harness/crossover.hpp"
#include "cli/progress.hpp"
#include "harness/results.hpp"
#include "measure/stats.hpp"
#include "harness/sweep_series.hpp"

#include <algorithm>
#include <set>
#include <string>

namespace policybench {
namespace {

using json = nlohmann::ordered_json;

// Each policy's speedup over its own 1-thread median, and parallel efficiency = that speedup / threads (1 = ideal).
void add_thread_scaling(json& results) {
  for (auto& r : results) {
    const auto one = std::find_if(results.begin(), results.end(), [&](const json& o) {
      return o["policy"] == r["policy"] && o["threads"] == 1 && o["median_s"].is_number();
    });
    const bool known = one != results.end() && r["median_s"].is_number() && r["median_s"].get<double>() > 0;
    const double speedup = known ? (*one)["median_s"].get<double>() / r["median_s"].get<double>() : 0;
    r["speedup_vs_1_thread"] = known ? json(speedup) : json(nullptr);
    r["parallel_efficiency"] = known ? json(speedup / r["threads"].get<int>()) : json(nullptr);
  }
}

// What run_warnings leaves out of each point of a size sweep, said once for the series: which points fit in
// 4x the host's last-level cache (STREAM's rule) and how many medians are noisy.
void add_size_sweep_notes(const json& report, json& warnings) {
  const json& env = report["environment"];
  const std::uint64_t llc = env["host"]["llc_bytes"].get<std::uint64_t>();
  const std::size_t element_bytes = size_of(*parse_element_type(env["config"]["type"].get<std::string>()));
  std::uint64_t largest_cached = 0;
  std::size_t noisy = 0, timed = 0;
  for (const auto& r : report["results"]) {
    const std::uint64_t size = r["size"].get<std::uint64_t>();
    if (size * element_bytes < 4 * llc) largest_cached = std::max(largest_cached, size);
    if (!r["cv"].is_number()) continue;
    ++timed;
    noisy += r["cv"].get<double>() > noisy_cv;
  }
  if (largest_cached > 0)
    warnings.push_back("points up to " + std::to_string(largest_cached) + " elements: the array is smaller than 4x "
                       "the host's last-level cache (" + std::to_string(llc) + " bytes), so their figures include "
                       "cache effects, not memory bandwidth alone (STREAM's rule)");
  if (noisy > 0)
    warnings.push_back(std::to_string(noisy) + " of " + std::to_string(timed) + " results have warm times that vary "
                       "by more than 5% (the cv field); their medians are less certain, most at small sizes where "
                       "one interruption outlasts many calls");
}

} // namespace

json run_sweep(const options& opts, const host_info& host, const device_info& device,
               const std::vector<policy_entry>& selected) {
  const bool by_size = opts.sweep == sweep_kind::size;
  std::vector<policy_entry> policies = selected;
  std::vector<options> points;
  json sweep{{"kind", by_size ? "size" : "threads"}}, notes = json::array();
  if (by_size) {
    const auto plan = plan_size_series(opts.min_size, opts.max_size, size_of(opts.run.type),
                                       run_memory_limits(selected, device));
    if (plan.sizes.empty()) throw usage_error("--min-size: " + plan.stop_reason);
    for (const auto size : plan.sizes) {
      points.push_back(opts);
      points.back().run.size = size;
    }
    sweep["min_size"] = opts.min_size;
    sweep["max_size"] = opts.max_size;
    sweep["stopped_at"] = plan.sizes.back();
    sweep["stop_reason"] = plan.stop_reason;
  } else {
    // The thread limit reaches oneTBB and OpenMP only; a GPU policy's figures would not change with it.
    std::string left_out;
    for (const auto& p : policies)
      if (p.device != "host") left_out += (left_out.empty() ? "" : ", ") + p.name;
    if (!left_out.empty()) notes.push_back("a thread sweep runs host policies only; left out: " + left_out);
    std::erase_if(policies, [](const policy_entry& p) { return p.device != "host"; });
    for (const int threads : thread_series(host.logical_cores)) {
      points.push_back(opts);
      points.back().threads = threads;
    }
  }
  sweep["min_time_s"] = opts.run.min_time_s;

  const auto runnable = std::count_if(policies.begin(), policies.end(), [](const auto& p) { return !p.unavailable; });
  progress bar(points.size() * std::size_t(runnable), !opts.quiet);
  json results = json::array(), warnings = std::move(notes), series = json::array();
  std::optional<run_report> last;
  std::set<std::string> said;
  for (const auto& point : points) {
    const std::string where = by_size ? std::to_string(point.run.size) + " elements"
                                      : std::to_string(*point.threads) + (*point.threads == 1 ? " thread" : " threads");
    last = run_policies(point, host, device, policies,
                        [&](const policy_entry& p) { bar.step(p.name + " at " + where); });
    for (auto& row : result_rows(*last)) results.push_back(std::move(row));
    for (const auto& w : run_warnings(*last, !by_size))
      if (said.insert(w).second) warnings.push_back(where + ": " + w); // once, not again at every point
    const json ceilings = environment_json(*last)["ceilings"];
    series.push_back({{"size", point.run.size},
                      {"threads", last->host_concurrency},
                      {"host_copy_gb_per_s", ceilings["host_copy_gb_per_s"]},
                      {"device_copy_gb_per_s", ceilings["device_copy_gb_per_s"]}});
  }
  sweep["series"] = std::move(series);

  json environment = environment_json(*last);
  if (by_size)
    for (const char* field : {"size", "working_set_bytes", "bytes_per_call"}) environment["config"][field] = nullptr;
  else
    environment["config"]["threads_limit"] = nullptr;
  json report{{"environment", std::move(environment)}};
  if (!by_size) add_thread_scaling(results);
  report["results"] = std::move(results);
  report["sweep"] = std::move(sweep);
  report["crossovers"] = by_size ? crossovers_json(report["results"]) : json(nullptr);
  if (by_size) add_size_sweep_notes(report, warnings);
  report["warnings"] = std::move(warnings);
  return report;
}

} // namespace policybench
