// An MPI job in the report's JSON: one home for its field names (the README's schema lists them).
#include "report/mpi_json.hpp"

#include "report/json_values.hpp"

namespace policybench {

using json = nlohmann::ordered_json;

json mpi_json(const mpi_job& job) {
  json placement = json::array();
  for (const auto& p : job.placement)
    placement.push_back({{"rank", p.rank},
                         {"local_rank", p.local_rank},
                         {"host", p.host},
                         {"cpus", p.cpus},
                         {"cpu_count", p.cpu_count},
                         {"device", p.device}});
  return {{"ranks", job.ranks}, {"nodes", job.nodes}, {"scaling", job.scaling}, {"placement", std::move(placement)}};
}

json per_rank_json(const std::vector<rank_figures>& ranks) {
  json out = json::array();
  for (const auto& r : ranks)
    out.push_back({{"rank", r.rank},
                   {"median_s", figure_json(r.median_s)},
                   {"gb_per_s", figure_json(r.gb_per_s)},
                   {"validated", r.validated}});
  return out;
}

} // namespace policybench
