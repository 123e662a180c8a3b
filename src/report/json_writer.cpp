// The report as JSON (README "JSON schema"): the typed report written field by field, in the schema's order, each
// row's extras after its common fields.
#include "report/json_values.hpp"
#include "report/report.hpp"

#include "report/row_fields.hpp"

namespace policybench {
namespace {

using json = nlohmann::ordered_json;

json sweep_json(const sweep_info& s) {
  json out{{"kind", s.kind == sweep_kind::size ? "size" : "threads"}};
  if (s.kind == sweep_kind::size) {
    out["min_size"] = s.min_size;
    out["max_size"] = s.max_size;
    out["stopped_at"] = s.stopped_at;
    out["stop_reason"] = s.stop_reason;
  }
  out["min_time_s"] = s.min_time_s;
  json series = json::array();
  for (const auto& p : s.series)
    series.push_back({{"size", p.size},
                      {"threads", p.threads},
                      {"host_in_place_gb_per_s", figure_json(p.host_in_place_gb_per_s)},
                      {"host_in_place_low_gb_per_s", figure_json(p.host_in_place_low_gb_per_s)},
                      {"device_copy_gb_per_s", figure_json(p.device_copy_gb_per_s)}});
  out["series"] = std::move(series);
  return out;
}

json point_json(const std::optional<crossover_point>& p) {
  if (!p) return nullptr;
  return {{"size", p->size},
          {"challenger_policy", p->challenger_policy},
          {"challenger_s", p->challenger_s},
          {"baseline_policy", p->baseline_policy},
          {"baseline_s", p->baseline_s}};
}

json crossovers_json(const std::vector<crossover>& crossovers) {
  json out = json::object();
  for (const auto& c : crossovers)
    out[c.key] = {{"challenger", c.challenger},
                  {"baseline", c.baseline},
                  {"view", c.view},
                  {"sizes_compared", c.sizes_compared},
                  {"from_size", optional_json(c.from_size)},
                  {"at_from_size", point_json(c.at_from_size)},
                  {"at_largest_size", point_json(c.at_largest_size)}};
  return out;
}

} // namespace

nlohmann::ordered_json to_json(const benchmark_report& report) {
  json results = json::array();
  const auto extras = extra_fields(report.results);
  for (const auto& r : report.results) {
    json row = json::object();
    for (const auto& f : row_fields())
      row[f.name] = field_json(r, f);
    for (const auto& e : extras)
      row[e.name] = extra_json(r, e);
    results.push_back(std::move(row));
  }
  json out{{"environment", environment_json(report.environment)}, {"results", std::move(results)}};
  if (report.sweep) {
    out["sweep"] = sweep_json(*report.sweep);
    out["crossovers"] = report.crossovers ? crossovers_json(*report.crossovers) : json(nullptr);
  }
  out["warnings"] = report.warnings;
  return out;
}

void write_json(const benchmark_report& report, std::ostream& out, const json_addition& add) {
  json document = to_json(report);
  if (add) add(document);
  out << document.dump(2) << '\n';
}

} // namespace policybench
