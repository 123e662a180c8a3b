// The device registry in table order: the one call (thrust::device, par_nosync on a stream), then what it
// compiles down to (CUB) and the hand-written kernels. Without a usable device each entry says why.
#include "device_policies.cuh"
#include "policybench/device.hpp"

namespace policybench {

std::vector<policy_runner> device_policies(const device_info& info) {
  std::vector<policy_runner> out;
  out.push_back(thrust_device_policy());
  out.push_back(thrust_par_nosync_policy());
  out.push_back(cub_transform_policy());
  out.push_back(kernel_policy());
  out.push_back(kernel_grid_stride_policy());
  // The same names and backends either way, so a table from a machine without a GPU lists what it skipped.
  if (info.unavailable)
    for (policy_runner& p : out) {
      p.unavailable = *info.unavailable;
      p.measure = nullptr;
    }
  return out;
}

} // namespace policybench
