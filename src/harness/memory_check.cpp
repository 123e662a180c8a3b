// Whether a run fits before anything is allocated: one host array, and the device's two when a device policy runs.
#include "harness/run.hpp"

#include <algorithm>

namespace policybench {

memory_limits run_memory_limits(const std::vector<policy_entry>& selected, const device_info& device) {
  memory_limits limits{
      .host_available_bytes = host_available_bytes(), .device_free_bytes = std::nullopt, .device_name = device.name};
  if (std::any_of(selected.begin(), selected.end(),
                  [](const auto& p) { return p.device == "device" && !p.unavailable; }))
    limits.device_free_bytes = device.free_memory_bytes;
  return limits;
}

void check_memory(const run_config& cfg, const std::vector<policy_entry>& selected, const device_info& device) {
  if (const auto shortfall = memory_shortfall(cfg.size, size_of(cfg.type), run_memory_limits(selected, device)))
    throw insufficient_memory(*shortfall);
}

} // namespace policybench
