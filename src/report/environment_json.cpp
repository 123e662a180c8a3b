// The JSON report's "environment": the run's settings, the host, the device and the ceilings, field by field.
#include "harness/result.hpp"
#include "report/json_values.hpp"

namespace policybench {
namespace {

using json = nlohmann::ordered_json;

json ceilings_json(const ceilings& c) {
  return {{"host_in_place_best_s", figure_json(c.host_in_place_best_s)},
          {"host_in_place_gb_per_s", figure_json(c.host_in_place_gb_per_s)},
          {"host_in_place_low_gb_per_s", figure_json(c.host_in_place_low_gb_per_s)},
          {"host_in_place_schedule", c.host_in_place_schedule.empty() ? json() : json(c.host_in_place_schedule)},
          {"host_in_place_static_gb_per_s", figure_json(c.host_in_place_static_gb_per_s)},
          {"host_in_place_dynamic_gb_per_s", figure_json(c.host_in_place_dynamic_gb_per_s)},
          {"host_in_place_one_thread_gb_per_s", figure_json(c.host_in_place_one_thread_gb_per_s)},
          {"host_copy_median_s", figure_json(c.host_copy_median_s)},
          {"host_copy_gb_per_s", figure_json(c.host_copy_gb_per_s)},
          {"host_scale_median_s", figure_json(c.host_scale_median_s)},
          {"host_scale_gb_per_s", figure_json(c.host_scale_gb_per_s)},
          {"host_huge_page_bytes", optional_json(c.host_huge_page_bytes)},
          {"host_effective_parallelism", figure_json(c.host_effective_parallelism)},
          {"device_in_place_median_s", figure_json(c.device_in_place_median_s)},
          {"device_in_place_gb_per_s", figure_json(c.device_in_place_gb_per_s)},
          {"device_copy_median_s", figure_json(c.device_copy_median_s)},
          {"device_copy_gb_per_s", figure_json(c.device_copy_gb_per_s)},
          {"device_theoretical_peak_gb_per_s", figure_json(c.device_theoretical_peak_gb_per_s)}};
}

} // namespace

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
            {"budget_s", figure_json(c.budget_s)},
            {"keep_disturbed", c.keep_disturbed},
            {"order", c.order},
            {"rounds", c.rounds},
            {"seed", optional_json(c.seed)},
            {"round_orders", c.round_orders},
            {"stream_hold", c.stream_hold},
            {"end_to_end", c.end_to_end}}},
          {"host",
           {{"cpu_model", h.cpu_model},
            {"logical_cores", h.logical_cores},
            {"physical_cores", h.physical_cores},
            {"cpuset", h.cpuset},
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
            {"compiled_for", h.compiled_for},
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

} // namespace policybench
