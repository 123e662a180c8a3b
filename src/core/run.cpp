// One comparison run: registry -> selection -> memory check -> ceilings -> each policy, errors kept per policy.
#include "policybench/run.hpp"

#include "policybench/host_threads.hpp"

#include <algorithm>
#include <exception>
#include <fstream>
#include <limits>
#include <new>

namespace policybench {
namespace {

// /proc/meminfo MemAvailable: what the kernel can give without swapping, in bytes (0 when unknown).
std::uint64_t host_available_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024;
  return 0;
}

} // namespace

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

void check_memory(const run_config& cfg, const std::vector<policy_runner>& selected, const device_info& device) {
  const std::uint64_t max_elements = std::numeric_limits<std::uint64_t>::max() / 2 / size_of(cfg.type);
  if (cfg.size > max_elements)
    throw usage_error("--size: " + std::to_string(cfg.size) + " elements of " + std::string(to_string(cfg.type)) +
                      " need 2^64 bytes or more (two arrays): beyond the address space");
  const std::uint64_t needed = 2 * cfg.size * size_of(cfg.type);
  if (const std::uint64_t available = host_available_bytes(); available != 0 && needed > available)
    throw usage_error("--size: " + std::to_string(cfg.size) + " elements need " + std::to_string(needed) +
                      " bytes of host memory (two arrays), only " + std::to_string(available) + " are available");
  const bool on_device = std::any_of(selected.begin(), selected.end(),
                                     [](const auto& p) { return p.device == "device" && !p.unavailable; });
  if (on_device && needed > device.free_memory_bytes)
    throw usage_error("--size: " + std::to_string(cfg.size) + " elements need " + std::to_string(needed) +
                      " bytes of device memory (two arrays), only " + std::to_string(device.free_memory_bytes) +
                      " are free on " + device.name);
}

run_report run_policies(const options& opts, host_info host, device_info device,
                        const std::vector<policy_runner>& selected) {
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
