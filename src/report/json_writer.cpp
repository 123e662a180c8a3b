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
  if (s.kind == sweep_kind::size) POLICYBENCH_JSON_MEMBERS(out, s, min_size, max_size, stopped_at, stop_reason);
  out["min_time_s"] = s.min_time_s;
  json series = json::array();
  for (const auto& p : s.series) {
    json point = json::object();
    POLICYBENCH_JSON_MEMBERS(point, p, size, threads, host_in_place_gb_per_s, host_in_place_low_gb_per_s,
                             device_copy_gb_per_s);
    series.push_back(std::move(point));
  }
  out["series"] = std::move(series);
  return out;
}

json point_json(const std::optional<crossover_point>& p) {
  json out = p ? json::object() : json(nullptr);
  if (p) POLICYBENCH_JSON_MEMBERS(out, *p, size, challenger_policy, challenger_s, baseline_policy, baseline_s);
  return out;
}

json crossovers_json(const std::vector<crossover>& crossovers) {
  json out = json::object();
  for (const auto& c : crossovers) {
    json& one = out[c.key] = json::object();
    POLICYBENCH_JSON_MEMBERS(one, c, challenger, baseline, view, sizes_compared, from_size);
    one["at_from_size"] = point_json(c.at_from_size);
    one["at_largest_size"] = point_json(c.at_largest_size);
  }
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
