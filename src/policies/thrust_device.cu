// The Thrust and CUB rows for the built-in workloads: nvcc compiles their calls here (thrust_device.cuh).
#include "policies/thrust_device.cuh"

namespace policybench {

template measurement measure_thrust_device<builtin_workloads>(const run_config&);
template measurement measure_thrust_par_nosync<builtin_workloads>(const run_config&);
template measurement measure_thrust_par_nosync_proclaimed<builtin_workloads>(const run_config&);
template measurement measure_cub_transform<builtin_workloads>(const run_config&);

} // namespace policybench
