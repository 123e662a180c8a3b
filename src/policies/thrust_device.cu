// The one call under Thrust's CUDA system: the same increment_all as on the host, only the policy changes.
// thrust::device blocks until done on the default stream; par_nosync.on(stream) is how a library caller
// keeps its own stream and synchronizes only when it needs the result.
#include "measure/device_measure.cuh"
#include "policies/device_policies.hpp"
#include "policybench/workload.hpp"

#include <thrust/execution_policy.h>
#include <thrust/system/cuda/execution_policy.h>

namespace policybench {

measurement measure_thrust_device(const run_config& cfg) {
  // thrust::device launches on the legacy default stream and synchronizes it after the algorithm, so the
  // events go on that stream too and the host clock sees the synchronization Thrust adds.
  return measure_device(cfg, stream_choice::legacy_default,
                        [](auto* first, std::size_t n, cudaStream_t) { increment_all(thrust::device, first, first + n); });
}

measurement measure_thrust_par_nosync(const run_config& cfg) {
  // No synchronization inside Thrust: the stop event's synchronize is the only wait, as in a pipelined caller.
  return measure_device(cfg, stream_choice::own, [](auto* first, std::size_t n, cudaStream_t stream) {
    increment_all(thrust::cuda::par_nosync.on(stream), first, first + n);
  });
}

} // namespace policybench
