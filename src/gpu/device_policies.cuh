// The device registry's entries, one per file that shows them; assembled in table order by device_policies.cu.
#pragma once

#include "policybench/policy.hpp"

namespace policybench {

policy_runner thrust_device_policy();      // thrust_policies.cu
policy_runner thrust_par_nosync_policy();  // thrust_policies.cu
policy_runner cub_transform_policy();      // cub_transform.cu
policy_runner kernel_policy();             // kernels.cu
policy_runner kernel_grid_stride_policy(); // kernels.cu

} // namespace policybench
