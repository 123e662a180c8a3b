// The report as JSON (README "JSON schema"): the typed report written field by field, in the schema's order.
#include "report/report.hpp"

#include "report/mpi_json.hpp"
#include "report/row_fields.hpp"

namespace policybench {
namespace {

using json = nlohmann::ordered_json;

json figure_json(figure f) { return f ? json(*f) : json(nullptr); }
template <class T> json optional_json(const std::optional<T>& v) { return v ? json(*v) : json(nullptr); }

json ceilings_json(const ceilings& c) {
  return {{"host_in_place_median_s", figure_json(c.host_in_place_median_s)},
          {"host_in_place_gb_per_s", figure_json(c.host_in_place_gb_per_s)},
          {"host_copy_median_s", figure_json(c.host_copy_median_s)},
          {"host_copy_gb_per_s", figure_json(c.host_copy_gb_per_s)},
          {"host_scale_median_s", figure_json(c.host_scale_median_s)},
          {"host_scale_gb_per_s", figure_json(c.host_scale_gb_per_s)},
          {"host_huge_page_bytes", optional_json(c.host_huge_page_bytes)},
          {"host_effective_parallelism", figure_json(c.host_effective_parallelism)},
          {"device_copy_median_s", figure_json(c.device_copy_median_s)},
          {"device_copy_gb_per_s", figure_json(c.device_copy_gb_per_s)},
          {"device_theoretical_peak_gb_per_s", figure_json(c.device_theoretical_peak_gb_per_s)}};
}

json environment_json(const environment_info& env) {
  const report_config& c = env.config;
  const host_info& h = env.host;
  const device_info& d = env.device;
  return {{"policybench_version", POLICYBENCH_VERSION},
          {"config",
           {{"type", c.type},
            {"size", optional_json(c.size)},
            {"working_set_bytes", optional_json(c.working_set_bytes)},
            {"bytes_per_call", figure_json(c.bytes_per_call)},
            {"warmup", c.warmup},
            {"reps", c.reps},
            {"min_time_s", c.min_time_s},
            {"threads_limit", optional_json(c.threads_limit)},
            {"host_concurrency", c.host_concurrency},
            {"pages", c.pages},
            {"first_touch", c.first_touch},
            {"max_noise_pct", figure_json(c.max_noise_pct)},
            {"timeout_s", figure_json(c.timeout_s)},
            {"order", c.order},
            {"rounds", c.rounds},
            {"seed", optional_json(c.seed)},
            {"round_orders", c.round_orders}}},
          {"host",
           {{"cpu_model", h.cpu_model},
            {"logical_cores", h.logical_cores},
            {"l1d_cache_bytes", h.l1d_cache_bytes},
            {"l2_cache_bytes", h.l2_cache_bytes},
            {"llc_bytes", h.llc_bytes},
            {"llc_instances", h.llc_instances},
            {"cache_source", h.cache_source},
            {"transparent_hugepages", h.transparent_hugepages},
            {"numa_nodes", h.numa_nodes},
            {"tbb_version", h.tbb_version},
            {"tbb_default_concurrency", h.tbb_default_concurrency},
            {"compiler", h.compiler},
            {"standard_library", h.standard_library},
            {"pstl_backend", h.pstl_backend},
            {"thrust_version", h.thrust_version},
            {"openmp", h.openmp}}},
          {"device",
           {{"available", !d.unavailable},
            {"unavailable_reason", optional_json(d.unavailable)},
            {"thrust_device_system", d.thrust_device_system},
            {"cuda_runtime_version", d.runtime_version},
            {"cuda_driver_version", d.driver_version},
            {"name", d.name},
            {"compute_capability", d.compute_capability},
            {"sm_count", d.sm_count},
            {"l2_cache_bytes", d.l2_cache_bytes},
            {"memory_bytes", d.memory_bytes},
            {"free_memory_bytes", d.free_memory_bytes},
            {"sm_clock_khz", d.sm_clock_khz},
            {"memory_clock_khz", d.memory_clock_khz},
            {"memory_bus_width_bits", d.memory_bus_width_bits},
            {"theoretical_peak_gb_per_s", d.theoretical_peak_gb_per_s},
            {"driver_init_s", d.driver_init_s},
            {"context_create_s", d.context_create_s},
            {"pci_bus_id", d.pci_bus_id},
            {"clocks_unavailable", optional_json(d.clocks_unavailable)}}},
          {"ceilings", ceilings_json(env.ceilings)}};
}

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
  const auto fields = fields_of(report);
  for (const auto& r : report.results) {
    json row = json::object();
    for (const auto& f : fields)
      row[f.name] = field_json(r, f);
    if (report.mpi) row["per_rank"] = per_rank_json(r.per_rank);
    results.push_back(std::move(row));
  }
  json out{{"environment", environment_json(report.environment)}};
  if (report.mpi) out["mpi"] = mpi_json(*report.mpi);
  out["results"] = std::move(results);
  if (report.sweep) {
    out["sweep"] = sweep_json(*report.sweep);
    out["crossovers"] = report.crossovers ? crossovers_json(*report.crossovers) : json(nullptr);
  }
  out["warnings"] = report.warnings;
  return out;
}

void write_json(const benchmark_report& report, std::ostream& out) { out << to_json(report).dump(2) << '\n'; }

} // namespace policybench
