// The one call under Thrust's CUDA system, the same run_workload as on the host with only the policy changed; beside
// it what thrust::transform compiles down to, cub::DeviceTransform, called directly on the same workload's op.
// Templates over the workloads they measure (registry.hpp): thrust_device.cu instantiates them for the built-in ones, a
// user's op's .cu for its own.
#pragma once

#include "measure/device_measure.cuh"
#include "policies/registry.hpp"
#include "policybench/workload.hpp"

#include <cub/device/device_transform.cuh>
#include <cuda/functional>
#include <cuda/std/tuple>
#include <thrust/execution_policy.h>
#include <thrust/system/cuda/execution_policy.h>

#include <type_traits>

namespace policybench {

template <class Workloads> measurement measure_thrust_device(const run_config& cfg) {
  // It launches on the legacy default stream and synchronizes inside the call: host-synchronous time only.
  return measure_device<Workloads>(cfg, stream_choice::legacy_default, [work = cfg.work](auto w, auto a, cudaStream_t) {
    run_workload<decltype(w)>(thrust::device, a, work);
  });
}

template <class Workloads> measurement measure_thrust_par_nosync(const run_config& cfg) {
  // No synchronization inside Thrust: the stop event's synchronize is the only wait, as in a pipelined caller.
  return measure_device<Workloads>(cfg, stream_choice::own, [work = cfg.work](auto w, auto a, cudaStream_t stream) {
    run_workload<decltype(w)>(thrust::cuda::par_nosync.on(stream), a, work);
  });
}

/// Workload W with its op wrapped in cuda::proclaim_copyable_arguments: the same one call, run_workload, on it.
template <class W> struct proclaimed : W {
  template <class T, class F> static decltype(auto) with_op(int work, F&& f) {
    return W::template with_op<T>(work, [&](auto op) { return f(cuda::proclaim_copyable_arguments(op)); });
  }
};

template <class Workloads> measurement measure_thrust_par_nosync_proclaimed(const run_config& cfg) {
  // Without the wrapper thrust::transform must assume the op may use its arguments' addresses (CCCL PR #2389):
  // it then gets CUB's prefetch kernel (scalar loads); proclaimed, the bulk-copy kernel cub::DeviceTransform gets,
  // whose tile size CCCL 3.0.1 caches at the first call (see prime_cub_tile_size).
  return measure_device<Workloads>(
      cfg, stream_choice::own,
      [work = cfg.work](auto w, auto a, cudaStream_t stream) {
        run_workload<proclaimed<decltype(w)>>(thrust::cuda::par_nosync.on(stream), a, work);
      },
      cub_tile_size::cached_at_first_call);
}

template <class Workloads> measurement measure_cub_transform(const run_config& cfg) {
  // In place is allowed; asynchronous; n == 0 launches nothing; its first call per workload and type is primed
  // (prime_cub_tile_size). Its inputs are one tuple, one array or two.
  return measure_device<Workloads>(
      cfg, stream_choice::own,
      [work = cfg.work](auto w, auto a, cudaStream_t stream) {
        using W = decltype(w);
        W::template with_op<std::remove_pointer_t<decltype(a.out)>>(work, [&](auto op) {
          if constexpr (W::inputs == 2)
            POLICYBENCH_CUDA_CHECK(
                cub::DeviceTransform::Transform(cuda::std::make_tuple(a.in, a.in2), a.out, a.n, op, stream));
          else
            POLICYBENCH_CUDA_CHECK(cub::DeviceTransform::Transform(a.in, a.out, a.n, op, stream));
        });
      },
      cub_tile_size::cached_at_first_call);
}

} // namespace policybench
