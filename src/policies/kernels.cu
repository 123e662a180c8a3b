// The hand-written kernels' rows for the built-in workloads: nvcc compiles them here (kernels.cuh).
#include "policies/kernels.cuh"

namespace policybench {

template measurement measure_cuda_kernel<builtin_workloads>(const run_config&);
template measurement measure_cuda_kernel_grid_stride<builtin_workloads>(const run_config&);

} // namespace policybench
