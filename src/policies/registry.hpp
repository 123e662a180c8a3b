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
  /// Bandwidth ceilings: their schedule as environment.ceilings.host_in_place_schedule names the bounding one.
  std::string schedule = "";
  /// The one workload it runs, where it cannot run the others (the device rows: their .cu files run the increment
  /// alone so far, issue 37); none: every workload.
  std::optional<workload_id> only_workload = std::nullopt;
};

/// Why `p` has no figure under `workload`: p.unavailable, or a workload it does not run; none: it runs.
std::optional<std::string> unavailable_for(const policy_entry& p, workload_id workload);

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

/// The shape of the ceilings a workload's rows are set against: the in-place stream (the increment, uneven work),
/// STREAM's triad (the triad, a user's op of two inputs), STREAM's scale (a user's op of one input), or the FMA
/// kernel's GFLOP/s (poly, compute-bound).
enum class ceiling_shape { in_place, triad, scale, compute };
inline constexpr enum_name<ceiling_shape> ceiling_shape_names[] = {{ceiling_shape::in_place, "in-place"},
                                                                   {ceiling_shape::triad, "triad"},
                                                                   {ceiling_shape::scale, "scale"},
                                                                   {ceiling_shape::compute, "compute"}};
constexpr std::string_view to_string(ceiling_shape s) noexcept { return name_in(ceiling_shape_names, s); }
constexpr ceiling_shape shape_of(workload_id w) noexcept {
  if (w == workload_id::triad) return ceiling_shape::triad;
  if (w == workload_id::one_input_op) return ceiling_shape::scale;
  return w == workload_id::poly ? ceiling_shape::compute : ceiling_shape::in_place;
}

/// The ceilings of a run of `workload`, each with role ceiling, what it bounds and its environment.ceilings key: those
/// of its shape (shape_of) on the host (in place with a static, a dynamic, oneTBB's and a one-thread schedule; the
/// static triad; STREAM scale, its one stream out of place; the FMA kernel), STREAM copy and scale beside the
/// increment, and the device's beside the increment (the tuned in-place kernel, a D2D copy), the FMA kernels too at
/// work > 1, in that order. The in-place streams make one increment per call (the bandwidth roof), or uneven work's own
/// op; a device without nvcc or a GPU makes its ceilings unavailable with the device rows' reason. The increment's by
/// default: the list the probe and tests walk.
std::vector<policy_entry> ceiling_streams(const device_info& device, int work,
                                          workload_id workload = workload_id::increment);

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
