// The job's figures and field names in the report: one home for them (the README's schema lists them).
#include "mpi/job_report.hpp"

#include "cli/write_report.hpp"
#include "harness/rules.hpp"
#include "report/summaries.hpp"

#include <algorithm>

namespace policybench {
namespace {
using json = nlohmann::ordered_json;

// Every row's rank figures: the fastest and the slowest rank's own median, and their ratio (none for a row no rank
// measured).
void add_rank_figures(benchmark_report& report, const rank_figures_by_policy& by_policy) {
  for (auto& row : report.results) {
    const auto found = by_policy.find(row.policy);
    std::vector<double> medians;
    for (const auto& r : found == by_policy.end() ? std::vector<rank_figures>{} : found->second)
      if (r.median_s) medians.push_back(*r.median_s);
    const auto [fastest, slowest] = std::minmax_element(medians.begin(), medians.end());
    const figure low = medians.empty() ? figure() : *fastest, high = medians.empty() ? figure() : *slowest;
    row.ranks = rank_spread{.median_min_s = low, .median_max_s = high, .imbalance = ratio(high, low)};
  }
}

// The JSON's "mpi" section, and every row's "per_rank" in rank order.
json_addition job_json(const mpi_session& job, std::string_view scaling, const std::vector<rank_placement>& placement,
                       const rank_figures_by_policy& by_policy) {
  return [&](json& document) {
    document["mpi"] = {
        {"ranks", job.ranks},
        {"nodes", job.nodes},
        {"scaling", scaling},
        {"placement", POLICYBENCH_JSON_ARRAY(placement, rank, local_rank, host, cpus, cpu_count, device)}};
    for (json& row : document["results"]) {
      const auto found = by_policy.find(row["policy"].get<std::string>());
      row["per_rank"] = found != by_policy.end()
                            ? POLICYBENCH_JSON_ARRAY(found->second, rank, median_s, gb_per_s, validated)
                            : json::array();
    }
  };
}

} // namespace

int write_job_report(const mpi_session& job, rank_setup& s, const measured_run& run,
                     const std::vector<rank_placement>& placement, std::vector<std::string> warnings,
                     const rank_figures_by_policy& by_policy) {
  const std::string_view scaling = name_in(scaling_names, s.scaling);
  benchmark_report report = to_report(run);
  add_rank_figures(report, by_policy);
  report.notes.push_back("MPI job: " + std::to_string(job.ranks) + " ranks on " + std::to_string(job.nodes) +
                         (job.nodes == 1 ? " node, " : " nodes, ") + std::string(scaling) +
                         " scaling; GB/s = all ranks' bytes / the slowest rank's time");
  report.warnings.insert(report.warnings.begin(), warnings.begin(), warnings.end());
  deliver_report(report, s.opts.format, s.file, job_json(job, scaling, placement, by_policy));
  return all_valid(report.results) ? 0 : 1;
}

} // namespace policybench
