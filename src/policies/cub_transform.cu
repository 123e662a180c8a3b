// What thrust::transform compiles down to on CUDA: cub::DeviceTransform, called directly on a stream.
// A comparison point beside the one call, applying the same increment object, not a second workload.
#include "measure/device_measure.cuh"
#include "policies/device_policies.hpp"
#include "policybench/increment.hpp"

#include <cub/device/device_transform.cuh>

#include <type_traits>

namespace policybench {

measurement measure_cub_transform(const run_config& cfg) {
  // In place is allowed: the output may be the start of the input sequence. Asynchronous: CUB returns after
  // the launch. n == 0 launches nothing. Its first call per element type is primed (CCCL 3.0.1's tile-size cache).
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
