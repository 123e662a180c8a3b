// The device policies' measurements, as plain C++ functions the registry can name: each is declared here once and
// defined in the .cu file that shows it. Without nvcc no .cu is compiled: the registry names each through
// POLICYBENCH_DEVICE_FN, which is then nullptr (the function is never referenced), and lists those rows unavailable.
#pragma once

#include "measure/run_config.hpp"

namespace policybench {

using measure_fn = measurement (*)(const run_config&);

measurement measure_thrust_device(const run_config& cfg);                // thrust_device.cu
measurement measure_thrust_par_nosync(const run_config& cfg);            // thrust_device.cu
measurement measure_thrust_par_nosync_proclaimed(const run_config& cfg); // thrust_device.cu
measurement measure_cub_transform(const run_config& cfg);                // cub_transform.cu
measurement measure_cuda_kernel(const run_config& cfg);                  // kernels.cu
measurement measure_cuda_kernel_grid_stride(const run_config& cfg);      // kernels.cu

} // namespace policybench

#if POLICYBENCH_HAVE_CUDA
#define POLICYBENCH_DEVICE_FN(measure) (&(measure))
#else
#define POLICYBENCH_DEVICE_FN(measure) (::policybench::measure_fn{nullptr})
#endif
