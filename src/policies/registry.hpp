// THE registry: the row type of every timed stream (policies and ceilings alike), every policy of this build in table
// order, each name written once (registry.cpp), the device rows' functions, the ceilings, and choosing rows by name.
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
  side device;                            ///< where the workload executes
  std::string backend;                    ///< what really runs it, e.g. "libstdc++ PSTL on oneTBB", "CUDA"
  std::optional<std::string> unavailable; ///< why it cannot run in this build or on this machine; then no measure
  /// Runs the workload; throws std::bad_alloc, device_out_of_memory or std::runtime_error (a CUDA error).
  std::function<measurement(const run_config&)> measure;
  stream_role role = stream_role::policy;
  ceiling_bound bound = ceiling_bound::none; ///< ceilings: what they bound
  std::string key = "";      ///< ceilings: their figures' prefix in environment.ceilings, e.g. "host_copy"
  std::string schedule = ""; ///< bandwidth ceilings: as environment.ceilings.host_in_place_schedule names it
};

/// The rows the harness's rules single out: every speedup's baseline and its par_unseq_vs_loop challenger.
inline constexpr std::string_view baseline_policy = "loop", challenger_policy = "std::par_unseq";
/// The host's in-place ceiling on one thread: set beside the rows, never the bound of the parallel ones.
inline constexpr std::string_view one_thread_ceiling = "host in place (1 thread)";

/// Every policy in table order; those this build or machine cannot run carry the reason.
std::vector<policy_entry> registry(const device_info& device);

/// The rows policy_rows does not compile itself: oneDPL's, each backend in its own library, and the device's.
std::vector<policy_entry> onedpl_rows();
std::vector<policy_entry> device_rows(const device_info& device);

/// The device rows' measurements, defined in the .cu files; without nvcc none is compiled, POLICYBENCH_DEVICE_FN is
/// then nullptr (the name never referenced) and the registry lists those rows unavailable.
using measure_fn = measurement (*)(const run_config&);
measurement measure_thrust_device(const run_config& cfg);                // thrust_device.cu
measurement measure_thrust_par_nosync(const run_config& cfg);            // thrust_device.cu
measurement measure_thrust_par_nosync_proclaimed(const run_config& cfg); // thrust_device.cu
measurement measure_cub_transform(const run_config& cfg);                // thrust_device.cu
measurement measure_cuda_kernel(const run_config& cfg);                  // kernels.cu
measurement measure_cuda_kernel_grid_stride(const run_config& cfg);      // kernels.cu
#if POLICYBENCH_HAVE_CUDA
#define POLICYBENCH_DEVICE_FN(measure) (&(measure))
#else
#define POLICYBENCH_DEVICE_FN(measure) (::policybench::measure_fn{nullptr})
#endif

/// The shape of the ceilings a workload's rows are set against: the in-place stream (the increment, uneven work),
/// STREAM's triad (a user's op of two inputs too), STREAM's scale (a user's op of one input), or the FMA kernel (poly).
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

/// The ceilings of a run of `workload` (docs/measurement.md, "Ceilings are rows"): those of its shape on the host and
/// the device, STREAM copy and scale and the device's copy beside the increment, the FMA kernels at work > 1, in that
/// order; a device without nvcc or a GPU makes its ceilings unavailable with the device rows' reason.
std::vector<policy_entry> ceiling_streams(const device_info& device, int work,
                                          workload_id workload = workload_id::increment);

/// A policy name the registry does not know; what() lists the valid names and the closest one.
struct unknown_policy : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// The name in `names` nearest to `name` (case-insensitive Levenshtein) when it is a plausible typo of it.
std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string>& names);

/// The entries of `all` named in `names` (empty: all), in registry order. Throws unknown_policy for a name not in
/// `all`.
std::vector<policy_entry> select_policies(std::vector<policy_entry> all, const std::vector<std::string>& names);

} // namespace policybench
