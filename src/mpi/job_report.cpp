// The job's figures and field names in the report: one home for them (the README's schema lists them).
#include "mpi/job_report.hpp"

#include "report/row_fields.hpp"

#include <algorithm>

namespace policybench {
using json = nlohmann::ordered_json;

void add_rank_figures(benchmark_report& report, const rank_figures_by_policy& by_policy) {
  for (auto& row : report.results) {
    const auto found = by_policy.find(row.policy);
    std::vector<double> medians;
    for (const auto& r : found == by_policy.end() ? std::vector<rank_figures>{} : found->second)
      if (r.median_s) medians.push_back(*r.median_s);
    const auto [fastest, slowest] = std::minmax_element(medians.begin(), medians.end());
    const figure low = medians.empty() ? figure() : *fastest, high = medians.empty() ? figure() : *slowest;
    set_extra(row, {.name = "rank_median_min_s", .value = low, .unit = "s", .column = {.header = "fastest rank"}});
    set_extra(row, {.name = "rank_median_max_s", .value = high, .unit = "s", .column = {.header = "slowest rank"}});
    set_extra(row, {.name = "imbalance",
                    .value = ratio(high, low),
                    .unit = "x",
                    .column = {.header = "imbalance", .decimals = 3, .suffix = "x"}});
  }
}

json_addition job_json(const mpi_job& job, const rank_figures_by_policy& by_policy) {
  return [&job, &by_policy](json& document) {
    json& section = document["mpi"] = json::object();
    POLICYBENCH_JSON_MEMBERS(section, job, ranks, nodes, scaling);
    section["placement"] = POLICYBENCH_JSON_ARRAY(job.placement, rank, local_rank, host, cpus, cpu_count, device);
    for (json& row : document["results"]) {
      const bool compared = row.contains("source") && row["source"].is_string();
      const auto found = by_policy.find(row["policy"].get<std::string>());
      row["per_rank"] = !compared && found != by_policy.end()
                            ? POLICYBENCH_JSON_ARRAY(found->second, rank, median_s, gb_per_s, validated)
                            : json::array();
    }
  };
}

std::string job_note(const mpi_job& job) {
  return "MPI job: " + std::to_string(job.ranks) + " ranks on " + std::to_string(job.nodes) +
         (job.nodes == 1 ? " node, " : " nodes, ") + job.scaling +
         " scaling; GB/s = all ranks' bytes / the slowest rank's time";
}

} // namespace policybench
