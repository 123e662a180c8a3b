// One comparison run: registry -> selection -> memory check -> ceilings -> each policy, errors kept per policy.
#include "harness/run.hpp"

#include "measure/ceilings.hpp"
#include "measure/host_threads.hpp"

#include <algorithm>
#include <exception>
#include <new>

namespace policybench {

memory_limits run_memory_limits(const std::vector<policy_entry>& selected, const device_info& device) {
  memory_limits limits{host_available_bytes(), std::nullopt, device.name};
  if (std::any_of(selected.begin(), selected.end(),
                  [](const auto& p) { return p.device == "device" && !p.unavailable; }))
    limits.device_free_bytes = device.free_memory_bytes;
  return limits;
}

void check_memory(const run_config& cfg, const std::vector<policy_entry>& selected, const device_info& device) {
  if (const auto shortfall = memory_shortfall(cfg.size, size_of(cfg.type), run_memory_limits(selected, device)))
    throw insufficient_memory(*shortfall);
}

measured_run run_policies(const run_config& cfg, std::optional<int> threads, host_info host, device_info device,
                          const std::vector<policy_entry>& selected, const policy_callback& starting) {
  const host_thread_limit limit(threads);
  measured_run run{cfg, threads, host_concurrency(), std::move(host), std::move(device), {}, {}, {}, {}};
  run.host_ceiling = measure_host_ceilings(cfg);
#if POLICYBENCH_HAVE_CUDA
  if (!run.device.unavailable) {
    // A device lost here must not cost the host results: the warning keeps the CUDA text, and each device
    // policy after it fails with its own.
    try {
      run.device_ceiling = measure_device_copy(cfg);
    } catch (const std::exception& e) {
      run.device_ceiling_error = e.what();
    }
  }
#endif
  for (const auto& p : selected) {
    policy_outcome o{p.name, p.device, p.backend, p.unavailable, std::nullopt, std::nullopt};
    if (!p.unavailable) {
      if (starting) starting(p);
      try {
        o.result = p.measure(cfg);
      } catch (const std::bad_alloc&) {
        o.error = "out of memory";
      } catch (const std::exception& e) {
        o.error = e.what();
      }
    }
    run.outcomes.push_back(std::move(o));
  }
  return run;
}

} // namespace policybench
