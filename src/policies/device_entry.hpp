// How a device registry entry is made (host code: the .cu files never see the registry's types).
#pragma once

#include "machine/device_info.hpp"
#include "policies/device_policies.hpp"
#include "policies/policy.hpp"

#include <optional>
#include <string>
#include <utility>

namespace policybench {

/// A device row: unavailable with the device's reason, or without nvcc, where there is nothing to run.
inline policy_entry device_entry(std::string name, std::string backend, measure_fn measure, const device_info& device) {
  std::optional<std::string> unavailable = device.unavailable;
  if (!measure) unavailable = "built without nvcc (no CUDA compiler found at configure time)";
  return {.name = std::move(name),
          .device = "device",
          .backend = std::move(backend),
          .unavailable = unavailable,
          .measure = unavailable ? nullptr : measure};
}

} // namespace policybench
