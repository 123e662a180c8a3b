// What thrust::transform compiles down to on CUDA: cub::DeviceTransform, called directly on a stream.
// A comparison point beside the one call, applying the same increment object, not a second workload.
#include "cuda_check.cuh"
#include "device_measure.cuh"
#include "device_policies.cuh"
#include "policybench/increment.hpp"

#include <cub/device/device_transform.cuh>

namespace policybench {

policy_runner cub_transform_policy() {
  // In place is allowed: the output may be the start of the input sequence. Asynchronous: CUB returns after
  // the launch; the stop event's synchronize waits for it. n == 0 launches nothing.
  return device_policy("cub::DeviceTransform", "CUB", true, [](auto* first, std::size_t n, cudaStream_t stream) {
    POLICYBENCH_CUDA_CHECK(cub::DeviceTransform::Transform(first, first, n, increment{}, stream));
  });
}

} // namespace policybench
