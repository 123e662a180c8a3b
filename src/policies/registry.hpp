// THE registry: the row type of every timed stream (policies and ceilings alike), the workloads a row visits, every
// policy of this build in table order, each name written once (registry.cpp; the device rows here, for any workloads),
// a user's op's device rows, the ceilings, and choosing rows by name.
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

/// The workloads a row measures, as a row's call visits them with f(W{}, T{}): the built-in ones (the run's
/// cfg.workload on its cfg.type)...
struct builtin_workloads {
  template <class F> static measurement visit(const run_config& cfg, F&& f) {
    return visit_workload_and_type(cfg.workload, cfg.type, f);
  }
};
/// ...or one workload W on its one element type, whatever the run's, with the FLOPs it declares (a user's op:
/// policybench/user_op.hpp).
template <class W> struct one_workload {
  template <class F> static measurement visit(const run_config& cfg, F&& f) {
    measurement m = f(W{}, typename W::element{});
    if (W::flops) m.flops_per_call = *W::flops * double(cfg.size);
    return m;
  }
};

/// oneDPL's rows, each backend in its own library: the rows policy_rows does not compile itself but the device's.
std::vector<policy_entry> onedpl_rows();

/// The device rows' measurements of Workloads, defined in thrust_device.cuh and kernels.cuh and instantiated by nvcc:
/// for the built-in workloads in thrust_device.cu and kernels.cu, for a user's op where POLICYBENCH_DEVICE_OP names it
/// (policies/user_op_device.cuh). Without nvcc none is compiled, POLICYBENCH_DEVICE_FN is then nullptr (the name never
/// referenced) and the rows are listed unavailable.
using measure_fn = measurement (*)(const run_config&);
template <class Workloads> measurement measure_thrust_device(const run_config& cfg);
template <class Workloads> measurement measure_thrust_par_nosync(const run_config& cfg);
template <class Workloads> measurement measure_thrust_par_nosync_proclaimed(const run_config& cfg);
template <class Workloads> measurement measure_cub_transform(const run_config& cfg);
template <class Workloads> measurement measure_cuda_kernel(const run_config& cfg);
template <class Workloads> measurement measure_cuda_kernel_grid_stride(const run_config& cfg);
#if POLICYBENCH_HAVE_CUDA
#define POLICYBENCH_DEVICE_FN(measure) (&(measure))
#else
#define POLICYBENCH_DEVICE_FN(measure) (::policybench::measure_fn{nullptr})
#endif

/// A device row: unavailable with the device's reason (a build without CUDA has none), or without device code.
inline policy_entry device_entry(std::string name, std::string backend, measure_fn measure, const device_info& device) {
  std::optional<std::string> unavailable = device.unavailable;
  if (!measure && !unavailable) unavailable = "no device code in this build";
  return {.name = std::move(name),
          .device = side::device,
          .backend = std::move(backend),
          .unavailable = unavailable,
          .measure = unavailable ? nullptr : measure};
}

/// The device rows measuring Workloads, in table order.
template <class Workloads = builtin_workloads> std::vector<policy_entry> device_rows(const device_info& device) {
  return {
#if POLICYBENCH_HAVE_CUDA // without nvcc thrust::device is a host row (policy_rows.hpp)
    device_entry("thrust::device", "CUDA (Thrust device system, synchronous)", measure_thrust_device<Workloads>,
                 device),
#endif
        device_entry("thrust::cuda::par_nosync", "CUDA (Thrust par_nosync on a non-blocking stream)",
                     POLICYBENCH_DEVICE_FN(measure_thrust_par_nosync<Workloads>), device),
        // The same call with the functor proclaimed address-independent: the table shows what the wrapper buys.
        device_entry("thrust::cuda::par_nosync + cuda::proclaim_copyable_arguments",
                     "CUDA (Thrust par_nosync, CUB bulk-copy kernel)",
                     POLICYBENCH_DEVICE_FN(measure_thrust_par_nosync_proclaimed<Workloads>), device),
        device_entry("cub::DeviceTransform", "CUB", POLICYBENCH_DEVICE_FN(measure_cub_transform<Workloads>), device),
        device_entry("cuda::kernel", "hand-written CUDA kernel", POLICYBENCH_DEVICE_FN(measure_cuda_kernel<Workloads>),
                     device),
        device_entry("cuda::kernel_grid_stride", "hand-written CUDA kernel (grid-stride, 16-byte vectors)",
                     POLICYBENCH_DEVICE_FN(measure_cuda_kernel_grid_stride<Workloads>), device),
  };
}

/// Where a user's op finds its device rows: set by POLICYBENCH_DEVICE_OP(Op) in a .cu file, which nvcc compiles
/// (policies/user_op_device.cuh); null where the host compiler alone compiled the op. One per Op in the process.
using device_rows_fn = std::vector<policy_entry> (*)(const device_info&);
template <class Op> device_rows_fn& op_device_rows() {
  static device_rows_fn rows = nullptr;
  return rows;
}

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
