// A registry entry: an execution policy by its C++ name, where it runs, what backend runs it, and how to measure it.
#pragma once

#include "measure/run_config.hpp"

#include <functional>
#include <optional>
#include <string>

namespace policybench {

/// One row of the registry (policies/registry.cpp), named as in C++ (e.g. "std::par_unseq", "thrust::device").
struct policy_entry {
  std::string name;
  std::string device;                     ///< "host" or "device": where the increment executes
  std::string backend;                    ///< what really runs it, e.g. "libstdc++ PSTL on oneTBB", "CUDA"
  std::optional<std::string> unavailable; ///< why it cannot run in this build or on this machine; then no measure
  /// Runs the workload; throws std::bad_alloc, device_out_of_memory or std::runtime_error (a CUDA error).
  std::function<measurement(const run_config&)> measure;
};

} // namespace policybench
