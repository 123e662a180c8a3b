// The device policies of the registry, the device and a small run configuration: shared by the device tests' files.
#pragma once

#include "policies/registry.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <vector>

namespace policybench {

// Queried once: query_device() creates the CUDA context, which every test case shares.
inline const device_info& device() {
  static const device_info info = query_device();
  return info;
}

inline const std::vector<policy_entry>& policies() {
  static const std::vector<policy_entry> all = [] {
    auto rows = policybench::registry(device());
    std::erase_if(rows, [](const policy_entry& p) { return p.device != side::device; });
    return rows;
  }();
  return all;
}

// A small warm-up: the figures are not looked at, and the suite runs some 500 measurements.
inline run_config small_config(element_type type, std::size_t n, int warmup, int reps) {
  run_config cfg{type, n, warmup, {reps}};
  cfg.device_warmup_s = 0.001;
  cfg.keep_disturbed = true; // exactly the calls asked for, however busy the machine
  // Set by the bundle's sanitizer steps: under compute-sanitizer a held stream would spin to its timeout.
  cfg.hold_stream = std::getenv("POLICYBENCH_TEST_NO_STREAM_HOLD") == nullptr;
  return cfg;
}

} // namespace policybench
