// The report as JSON (README "JSON schema"): the typed report written field by field, in the schema's order, each
// row's summaries as declared (report/summaries.cpp); and as CSV: one line per row of the same summaries' scalars.
#include "report/report.hpp"

#include <string>
#include <vector>

namespace policybench {
namespace {

using json = nlohmann::ordered_json;

json sweep_json(const sweep_info& s, std::span<const result_row> results) {
  const sweep_axis& axis = axis_of(s.kind);
  json out{{"kind", std::string(axis.name)}};
  if (const auto bounds = axis.bounds(s)) {
    out[std::string("min_").append(axis.name)] = bounds->first;
    out[std::string("max_").append(axis.name)] = bounds->second;
  }
  if (axis.sizes_array) POLICYBENCH_JSON_MEMBERS(out, s, stopped_at, stop_reason);
  out["min_time_s"] = s.min_time_s;
  json& series = out["series"] = json::array();
  for (const auto& p : s.series) { // each point's ceilings read off its ceiling rows
    json& point = series.emplace_back(json::object());
    POLICYBENCH_JSON_MEMBERS(point, p, size, threads);
    POLICYBENCH_JSON_MEMBERS(point, ceilings_at(p, results), host_in_place_gb_per_s, host_in_place_low_gb_per_s,
                             device_copy_gb_per_s);
    POLICYBENCH_JSON_MEMBERS(point, p, work);
  }
  return out;
}

// A crossover's point, its value under the axis' name ("size": elements, "work": K).
json point_json(const std::optional<crossover_point>& p, const std::string& axis) {
  json out = p ? json::object() : json(nullptr);
  if (p) POLICYBENCH_JSON_MEMBERS(out, *p, challenger_policy, challenger_s, baseline_policy, baseline_s);
  if (p) out[axis] = p->size;
  return out;
}

json crossovers_json(const std::vector<crossover>& crossovers) {
  json out = json::object();
  for (const auto& c : crossovers) {
    const std::string axis(c.axis->name);
    // Keys appended, not "from_" + axis: GCC 12 warns falsely on that (-Wrestrict).
    const auto key = [&](const char* prefix) { return std::string(prefix).append(axis); };
    json& one = out[c.key] = json::object();
    POLICYBENCH_JSON_MEMBERS(one, c, challenger, baseline, view);
    one[std::string(c.axis->compared_key)] = c.sizes_compared;
    one[key("from_")] = c.from_size;
    one[key("at_from_")] = point_json(c.at_from_size, axis);
    one[key("at_largest_")] = point_json(c.at_largest_size, axis);
  }
  return out;
}

// environment.ceilings: each stream's figures under its key, then the bounding host ceiling's and the peaks.
json ceilings_json(const ceiling_summary& c) {
  json out = json::object();
  for (const auto& s : c.streams) {
    out[s.key + "_median_s"] = s.median_s;
    out[s.key + "_best_s"] = s.best_s;
    const bool compute = s.bound == ceiling_bound::compute;
    out[s.key + (compute ? "_gflop_per_s" : "_gb_per_s")] = s.rate;
    if (compute) out[s.key + "_kernel"] = s.kernel;
  }
  POLICYBENCH_JSON_MEMBERS(out, c, host_in_place_best_s, host_in_place_gb_per_s, host_in_place_low_gb_per_s,
                           host_in_place_schedule, host_huge_page_bytes, host_effective_parallelism,
                           device_theoretical_peak_gb_per_s);
  for (const auto& [where, peak] : {std::pair{"host", c.host_compute_peak}, {"device", c.device_compute_peak}})
    if (peak) {
      out[std::string(where) + "_compute_peak_gflop_per_s"] = peak->gflop_per_s;
      out[std::string(where) + "_compute_peak_how"] = peak->how;
    }
  return out;
}

// The "environment" object (README "JSON schema"): the run's settings, the host and the device member by member, and
// the ceilings' figures.
json environment_json(const environment_info& env) {
  json config = json::object(), host = json::object();
  POLICYBENCH_JSON_MEMBERS(config, env.config, type, workload, size, working_set_bytes, bytes_per_call, warmup, reps,
                           min_time_s, threads_limit, host_concurrency, pages, first_touch, max_noise_pct, timeout_s,
                           budget_s, keep_disturbed, order, rounds, seed, round_orders, stream_hold, end_to_end);
  POLICYBENCH_JSON_MEMBERS(host, env.host, cpu_model, logical_cores, physical_cores, cpuset, l1d_cache_bytes,
                           l2_cache_bytes, llc_bytes, llc_instances, cache_source, transparent_hugepages, numa_nodes,
                           tbb_version, tbb_default_concurrency, compiler, compiled_for, standard_library, pstl_backend,
                           thrust_version, openmp);
  const device_info& d = env.device;
  json device{{"available", !d.unavailable},
              {"unavailable_reason", d.unavailable},
              {"cuda_runtime_version", d.runtime_version},
              {"cuda_driver_version", d.driver_version}};
  POLICYBENCH_JSON_MEMBERS(device, d, thrust_device_system, name, compute_capability, sm_count, l2_cache_bytes,
                           memory_bytes, free_memory_bytes, sm_clock_khz, memory_clock_khz, memory_bus_width_bits,
                           theoretical_peak_gb_per_s, driver_init_s, context_create_s, pci_bus_id, clocks_unavailable);
  // No usable device has no properties: null (unknown), not 0 SMs and 0.0 GB/s that read as a measured device.
  if (d.unavailable)
    for (const char* key :
         {"name", "compute_capability", "sm_count", "l2_cache_bytes", "memory_bytes", "free_memory_bytes",
          "sm_clock_khz", "memory_clock_khz", "memory_bus_width_bits", "theoretical_peak_gb_per_s", "pci_bus_id"})
      device[key] = nullptr;
  // --work K > 1 only (a work sweep's K is in its rows): a K = 1 report keeps its fields as they were.
  if (env.config.work.value_or(1) > 1) config["work"] = *env.config.work;
  return {{"policybench_version", POLICYBENCH_VERSION},
          {"config", std::move(config)},
          {"host", std::move(host)},
          {"device", std::move(device)},
          {"ceilings", ceilings_json(env.ceilings)}};
}

} // namespace

nlohmann::ordered_json to_json(const benchmark_report& report) {
  json results = json::array();
  const auto fields = summaries_of(report.results);
  for (const auto& r : report.results) {
    json row = json::object();
    for (const summary* s : fields)
      row[s->name] = field_json(r, *s);
    results.push_back(std::move(row));
  }
  json out{{"partial", report.partial},
           {"interrupted", report.interrupted},
           {"environment", environment_json(report.environment)},
           {"results", std::move(results)}};
  // One workload: its summary as it always was; several: one each, led by its workload.
  if (report.summaries.size() == 1) out["summary"] = summary_json(report.summaries.front());
  if (report.summaries.size() > 1) {
    json& all = out["summaries"] = json::array();
    for (const run_summary& s : report.summaries) {
      json one{{"workload", s.workload}};
      one.update(summary_json(s));
      all.push_back(std::move(one));
    }
  }
  if (report.sweep) {
    out["sweep"] = sweep_json(*report.sweep, report.results);
    out["crossovers"] = report.crossovers ? crossovers_json(*report.crossovers) : json(nullptr);
    if (report.compute_bound)
      out["compute_bound"] =
          POLICYBENCH_JSON_ARRAY(*report.compute_bound, policy, from_work, largest_work, gflop_per_s_at_largest);
  }
  out["warnings"] = report.warnings;
  return out;
}

json policy_list_json(const std::vector<policy_entry>& registry) {
  json out = json::array();
  for (const auto& p : registry)
    out.push_back({{"name", p.name},
                   {"device", to_string(p.device)},
                   {"role", to_string(p.role)},
                   {"backend", p.backend},
                   {"available", !p.unavailable},
                   {"reason", p.unavailable ? json(*p.unavailable) : json(nullptr)}});
  return out;
}

json workload_list_json(const std::vector<workload_facts>& facts) {
  return POLICYBENCH_JSON_ARRAY(facts, name, inputs, in_place, exact, bytes_per_element, flops_per_element);
}

void write_json(const benchmark_report& report, std::ostream& out, const json_addition& add) {
  json document = to_json(report);
  if (add) add(document);
  write_json_text(document, json::json_pointer("/warnings"), out);
}

void write_json_text(json& document, const json::json_pointer& warnings, std::ostream& out) {
  std::string text;
  try {
    text = document.dump(2);
  } catch (const json::type_error& e) {
    if (e.id != 316) throw; // 316: invalid UTF-8; nothing measured is lost to one byte of a name
    document[warnings].push_back("text that is not valid UTF-8 (a host or file name) is written with U+FFFD in place "
                                 "of each invalid byte");
    text = document.dump(2, ' ', false, json::error_handler_t::replace);
  }
  out << text << '\n';
}

namespace {

// RFC 4180: quote a field holding a comma, a quote or a line break, doubling the quotes inside.
std::string csv_field(const nlohmann::ordered_json& v) {
  if (v.is_null()) return "";
  std::string text = v.is_string() ? v.get<std::string>() : v.dump();
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char ch : text)
    quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + '"';
}

} // namespace

void write_csv(const benchmark_report& report, std::ostream& out) {
  if (report.results.empty()) return;
  using json = nlohmann::ordered_json;
  // One value per column: arrays (samples_s) only JSON carries.
  std::vector<const summary*> fields = summaries_of(report.results);
  std::erase_if(fields, [](const summary* s) {
    const auto* m = std::get_if<row_member>(&s->value);
    return m && std::holds_alternative<std::vector<double> result_row::*>(*m);
  });
  // The header and every line from the same list, then `partial` (the JSON's mark, on every line: a file that holds
  // part of what was asked says so to any reader of rows, where a comment line would be read as the header).
  const auto line = [&](const auto& value, const json& partial) {
    for (const summary* s : fields)
      out << csv_field(value(*s)) << ',';
    out << csv_field(partial) << '\n';
  };
  line([](const summary& s) { return json(s.name); }, "partial");
  for (const auto& r : report.results)
    line([&](const summary& s) { return field_json(r, s); }, report.partial);
}

} // namespace policybench
