// One comparison run: registry -> selection -> memory check -> ceilings -> each policy, errors kept per policy.
#include "policybench/run.hpp"

#include "policybench/host_threads.hpp"

#include <algorithm>
#include <exception>
#include <new>

namespace policybench {

std::vector<policy_runner> all_policies(const device_info& device) {
  std::vector<policy_runner> out = host_policies();
  for (auto& p : device_policies(device)) out.push_back(std::move(p));
  return out;
}

std::vector<policy_runner> select_policies(std::vector<policy_runner> registry,
                                           const std::vector<std::string>& names) {
  for (const auto& name : names)
    if (std::none_of(registry.begin(), registry.end(), [&](const auto& p) { return p.name == name; })) {
      std::string valid;
      for (const auto& p : registry) valid += (valid.empty() ? "" : ", ") + p.name;
      throw usage_error("--policies: unknown policy '" + name + "'; valid names: " + valid);
    }
  std::erase_if(registry, [&](const policy_runner& p) {
    return !names.empty() && std::find(names.begin(), names.end(), p.name) == names.end();
  });
  return registry;
}

memory_limits run_memory_limits(const std::vector<policy_runner>& selected, const device_info& device) {
  memory_limits limits{host_available_bytes(), std::nullopt, device.name};
  if (std::any_of(selected.begin(), selected.end(), [](const auto& p) { return p.device == "device" && !p.unavailable; }))
    limits.device_free_bytes = device.free_memory_bytes;
  return limits;
}

void check_memory(const run_config& cfg, const std::vector<policy_runner>& selected, const device_info& device) {
  if (const auto shortfall = memory_shortfall(cfg.size, size_of(cfg.type), run_memory_limits(selected, device)))
    throw usage_error("--size: " + *shortfall);
}

run_report run_policies(const options& opts, host_info host, device_info device,
                        const std::vector<policy_runner>& selected, const policy_callback& starting) {
  const host_thread_limit limit(opts.threads);
  run_report report{opts.run, opts.threads, host_concurrency(), std::move(host), std::move(device), {}, {}, {}, {}};
  report.host_ceiling = measure_host_copy(opts.run);
  if (!report.device.unavailable) {
    // A device lost here must not cost the host results: the warning keeps the CUDA text, and each device
    // policy after it fails with its own.
    try {
      report.device_ceiling = measure_device_copy(opts.run);
    } catch (const std::exception& e) {
      report.device_ceiling_error = e.what();
    }
  }
  for (const auto& p : selected) {
    policy_outcome o{p.name, p.device, p.backend, p.unavailable, std::nullopt, std::nullopt};
    if (!p.unavailable) {
      if (starting) starting(p);
      try {
        o.result = p.measure(opts.run);
      } catch (const std::bad_alloc&) {
        o.error = "out of memory";
      } catch (const std::exception& e) {
        o.error = e.what();
      }
    }
    report.outcomes.push_back(std::move(o));
  }
  return report;
}

} // namespace policybench
