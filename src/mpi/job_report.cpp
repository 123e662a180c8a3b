// The job's figures and field names in the report: one home for them (the README's schema lists them).
#include "mpi/job_report.hpp"

#include <algorithm>

namespace policybench {
namespace {

using json = nlohmann::ordered_json;

json figure_json(figure f) { return f ? json(*f) : json(nullptr); }

json per_rank_json(const std::vector<rank_figures>& ranks) {
  json out = json::array();
  for (const auto& r : ranks)
    out.push_back({{"rank", r.rank},
                   {"median_s", figure_json(r.median_s)},
                   {"gb_per_s", figure_json(r.gb_per_s)},
                   {"validated", r.validated}});
  return out;
}

} // namespace

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
    json placement = json::array();
    for (const auto& p : job.placement)
      placement.push_back({{"rank", p.rank},
                           {"local_rank", p.local_rank},
                           {"host", p.host},
                           {"cpus", p.cpus},
                           {"cpu_count", p.cpu_count},
                           {"device", p.device}});
    document["mpi"] = {
        {"ranks", job.ranks}, {"nodes", job.nodes}, {"scaling", job.scaling}, {"placement", std::move(placement)}};
    for (json& row : document["results"]) {
      const bool compared = row.contains("source") && row["source"].is_string();
      const auto found = by_policy.find(row["policy"].get<std::string>());
      row["per_rank"] = !compared && found != by_policy.end() ? per_rank_json(found->second) : json::array();
    }
  };
}

std::string job_note(const mpi_job& job) {
  return "MPI job: " + std::to_string(job.ranks) + " ranks on " + std::to_string(job.nodes) +
         (job.nodes == 1 ? " node, " : " nodes, ") + job.scaling +
         " scaling; GB/s = all ranks' bytes / the slowest rank's time";
}

} // namespace policybench
