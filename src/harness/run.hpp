// One comparison run: pick policies from the registry, measure the ceilings, run each policy, collect outcomes.
#pragma once

#include "machine/device_info.hpp"
#include "machine/host_info.hpp"
#include "machine/memory.hpp"
#include "policies/registry.hpp"
#include "cli/options.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace policybench {

/// What happened to one policy in a run. Exactly one of unavailable, error and result is set.
struct policy_outcome {
  std::string name, device, backend;
  std::optional<std::string> unavailable; ///< not runnable in this build or on this machine, and why
  std::optional<std::string> error;       ///< measure() threw (CUDA error text, out of memory)
  std::optional<measurement> result;
};

/// Everything a report needs: the run's settings, the machine, the ceilings and every policy's outcome.
struct run_report {
  run_config config;
  std::optional<int> threads_limit; ///< --threads, if given
  int host_concurrency = 0;         ///< threads oneTBB could use during the run
  host_info host;
  device_info device;
  std::optional<timed_calls> host_ceiling;   ///< parallel host copy of the same bytes
  std::optional<timed_calls> device_ceiling; ///< cudaMemcpyAsync device-to-device of the same bytes
  std::optional<std::string> device_ceiling_error; ///< why the device ceiling was not measured (CUDA text)
  std::vector<policy_outcome> outcomes;      ///< in registry order
};

/// The memory a run of `selected` may use: host MemAvailable and, when one of them is an available device
/// policy, the device's free memory.
memory_limits run_memory_limits(const std::vector<policy_entry>& selected, const device_info& device);

/// Checks before allocating that the run fits: host memory for two arrays of size x sizeof(T) bytes (data and
/// the copy ceiling's second array, or the end-to-end pageable and pinned buffers) and, when a device policy
/// is selected, device memory for two arrays. Throws usage_error with the bytes needed and available.
void check_memory(const run_config& cfg, const std::vector<policy_entry>& selected, const device_info& device);

/// Called before each available policy is measured (progress reports).
using policy_callback = std::function<void(const policy_entry&)>;

/// Measures the ceilings and then each selected policy, in order, under the --threads limit, calling
/// `starting` (when set) before each policy that runs. A policy that throws is recorded with its error, as is a
/// device ceiling that throws; the run goes on. Throws std::bad_alloc only from the host ceiling (the first
/// allocation of the run's size).
run_report run_policies(const options& opts, host_info host, device_info device,
                        const std::vector<policy_entry>& selected, const policy_callback& starting = {});

} // namespace policybench
