// The device policies' measurements, plain C++ functions defined in the .cu files. Without nvcc none is compiled:
// POLICYBENCH_DEVICE_FN is then nullptr (never referenced), and the registry lists those rows unavailable.
#pragma once

#include "measure/run_config.hpp"

namespace policybench {

using measure_fn = measurement (*)(const run_config&);

measurement measure_thrust_device(const run_config& cfg);                // thrust_device.cu
measurement measure_thrust_par_nosync(const run_config& cfg);            // thrust_device.cu
measurement measure_thrust_par_nosync_proclaimed(const run_config& cfg); // thrust_device.cu
measurement measure_cub_transform(const run_config& cfg);                // thrust_device.cu
measurement measure_cuda_kernel(const run_config& cfg);                  // kernels.cu
measurement measure_cuda_kernel_grid_stride(const run_config& cfg);      // kernels.cu

} // namespace policybench

#if POLICYBENCH_HAVE_CUDA
#define POLICYBENCH_DEVICE_FN(measure) (&(measure))
#else
#define POLICYBENCH_DEVICE_FN(measure) (::policybench::measure_fn{nullptr})
#endif
