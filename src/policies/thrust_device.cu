// The one call under Thrust's CUDA system, the same increment_all as on the host with only the policy changed; beside
// it what thrust::transform compiles down to, cub::DeviceTransform, called directly on the same increment.
#include "measure/device_measure.cuh"
#include "policies/registry.hpp"
#include "policybench/workload.hpp"

#include <cub/device/device_transform.cuh>
#include <cuda/functional>
#include <thrust/execution_policy.h>
#include <thrust/system/cuda/execution_policy.h>

#include <type_traits>

namespace policybench {

measurement measure_thrust_device(const run_config& cfg) {
  // It launches on the legacy default stream and synchronizes inside the call: host-synchronous time only.
  return measure_device(cfg, stream_choice::legacy_default,
                        [work = cfg.work](auto* first, std::size_t n, cudaStream_t) {
                          increment_all(thrust::device, first, first + n, work);
                        });
}

measurement measure_thrust_par_nosync(const run_config& cfg) {
  // No synchronization inside Thrust: the stop event's synchronize is the only wait, as in a pipelined caller.
  return measure_device(cfg, stream_choice::own, [work = cfg.work](auto* first, std::size_t n, cudaStream_t stream) {
    increment_all(thrust::cuda::par_nosync.on(stream), first, first + n, work);
  });
}

measurement measure_thrust_par_nosync_proclaimed(const run_config& cfg) {
  // Without the wrapper thrust::transform must assume increment may use its argument's address (CCCL PR #2389):
  // it then gets CUB's prefetch kernel (scalar loads); proclaimed, the bulk-copy kernel cub::DeviceTransform gets,
  // whose tile size CCCL 3.0.1 caches at the first call (see prime_cub_tile_size).
  return measure_device(
      cfg, stream_choice::own,
      [work = cfg.work](auto* first, std::size_t n, cudaStream_t stream) {
        with_increment<std::remove_pointer_t<decltype(first)>>(work, [&](auto op) {
          backend::transform(thrust::cuda::par_nosync.on(stream), first, first + n, first,
                             cuda::proclaim_copyable_arguments(op));
        });
      },
      cub_tile_size::cached_at_first_call);
}

measurement measure_cub_transform(const run_config& cfg) {
  // In place is allowed; asynchronous; n == 0 launches nothing; its first call per type is primed
  // (prime_cub_tile_size).
  return measure_device(
      cfg, stream_choice::own,
      [work = cfg.work](auto* first, std::size_t n, cudaStream_t stream) {
        with_increment<std::remove_pointer_t<decltype(first)>>(work, [&](auto op) {
          POLICYBENCH_CUDA_CHECK(cub::DeviceTransform::Transform(first, first, n, op, stream));
        });
      },
      cub_tile_size::cached_at_first_call);
}

} // namespace policybench
