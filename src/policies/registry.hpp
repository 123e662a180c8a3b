// THE registry: the row type of every timed stream, every execution policy of this build in table order, each name
// written once (registry.cpp; the two the harness's rules single out here), the ceilings registered beside them,
// and choosing rows by name.
// The harness measures, summarizes and reports policies and ceilings alike (docs/measurement.md).
#pragma once

#include "machine/device_info.hpp"
#include "measure/ceilings.hpp"
#include "measure/run_config.hpp"

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace policybench {

/// One row: a policy named as in C++ (e.g. "std::par_unseq", "thrust::device"), or a ceiling kernel.
struct policy_entry {
  std::string name;
  side device;                            ///< where the increment executes
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

/// The rows the harness's rules single out, by their names in the registry: every speedup's baseline (one thread,
/// no library), and the parallel policy the par_unseq_vs_loop crossover sets against it.
inline constexpr std::string_view baseline_policy = "loop", challenger_policy = "std::par_unseq";
/// The host's in-place ceiling on one thread: set beside the rows, never the bound of the parallel ones.
inline constexpr std::string_view one_thread_ceiling = "host in place (1 thread)";

/// Every policy in table order: loop first (every speedup's baseline), the C++ policies from libstdc++ and from
/// oneDPL, oneTBB, Thrust's host systems, then the device policies. Those this build or machine cannot run carry the
/// reason (a CUDA policy without a usable device gets device.unavailable).
std::vector<policy_entry> registry(const device_info& device);

/// The parts of the registry that are not a host policy's one call compiled with the rows (policies/policy_rows.hpp):
/// the oneDPL rows, each backend's call in its own library (or the reason it is missing), and the device rows.
std::vector<policy_entry> onedpl_rows();
std::vector<policy_entry> device_rows(const device_info& device);

/// The host's ceilings (in place with a static, a dynamic, oneTBB's and a one-thread schedule; STREAM copy and
/// scale; at work > 1 the FMA kernel) and the device's (the tuned in-place kernel, a D2D copy; at work > 1 its FMA
/// kernel), in that order, each with role ceiling, what it bounds and its environment.ceilings key. The in-place
/// streams always make one increment per call (the bandwidth roof); a device without nvcc or a GPU makes its ceilings
/// unavailable with the device rows' reason.
std::vector<policy_entry> ceiling_streams(const device_info& device, int work);

/// A policy name the registry does not know; what() lists the valid names and the closest one.
struct unknown_policy : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// The name in `names` nearest to `name` (case-insensitive Levenshtein distance) when at most half of `name` differs
/// from it: a plausible typo ("std::par_unsq" -> "std::par_unseq"); std::nullopt otherwise.
std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string>& names);

/// The entries of `all` named in `names`, in registry order; every entry when `names` is empty. Throws
/// unknown_policy for a name not in `all`.
std::vector<policy_entry> select_policies(std::vector<policy_entry> all, const std::vector<std::string>& names);

} // namespace policybench
