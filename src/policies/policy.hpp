// A timed stream: an execution policy by its C++ name, or a ceiling kernel, where it runs, what runs it, and how to
// measure it. The harness measures, summarizes and reports both kinds alike (docs/measurement.md).
#pragma once

#include "measure/ceilings.hpp"
#include "measure/run_config.hpp"

#include <functional>
#include <optional>
#include <string>

namespace policybench {

/// One row of the registry (policies/registry.cpp), named as in C++ (e.g. "std::par_unseq", "thrust::device"), or of
/// the ceilings (policies/ceiling_streams.cpp).
struct policy_entry {
  std::string name;
  std::string device;                     ///< "host" or "device": where the increment executes
  std::string backend;                    ///< what really runs it, e.g. "libstdc++ PSTL on oneTBB", "CUDA"
  std::optional<std::string> unavailable; ///< why it cannot run in this build or on this machine; then no measure
  /// Runs the workload; throws std::bad_alloc, device_out_of_memory or std::runtime_error (a CUDA error).
  std::function<measurement(const run_config&)> measure;
  stream_role role = stream_role::policy;
  ceiling_bound bound = ceiling_bound::none; ///< ceilings: what they bound
  /// Ceilings: the prefix of their figures in the report's environment.ceilings, e.g. "host_copy" for
  /// host_copy_median_s and host_copy_gb_per_s.
  std::string key = "";
};

} // namespace policybench
