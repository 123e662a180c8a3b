// The JSON report's "environment": the run's settings, the host and the device member by member, and the ceilings'
// figures.
#include "harness/result.hpp"
#include "report/json_values.hpp"

namespace policybench {

using json = nlohmann::ordered_json;

json environment_json(const environment_info& env) {
  json config = json::object(), host = json::object(), ceilings = json::object();
  POLICYBENCH_JSON_MEMBERS(config, env.config, type, size, working_set_bytes, bytes_per_call, warmup, reps, min_time_s,
                           threads_limit, host_concurrency, pages, first_touch, max_noise_pct, timeout_s, budget_s,
                           keep_disturbed, order, rounds, seed, round_orders, stream_hold, end_to_end);
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
  for (const auto& e : env.ceilings) // the ceiling rows' figures by key (harness/ceiling_rows.hpp)
    ceilings[e.name] = std::visit([](const auto& v) { return json(v); }, e.value);
  return {{"policybench_version", POLICYBENCH_VERSION},
          {"config", std::move(config)},
          {"host", std::move(host)},
          {"device", std::move(device)},
          {"ceilings", std::move(ceilings)}};
}

} // namespace policybench
