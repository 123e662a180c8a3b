// The device policies' measurements, as plain C++ functions the registry can name: each is defined in the .cu
// file that shows it. Without nvcc they are not compiled, and the registry lists them as unavailable.
#pragma once

#include "measure/run_config.hpp"

#include <cstddef>

namespace policybench {

using measure_fn = measurement (*)(const run_config&);

#if POLICYBENCH_HAVE_CUDA
measurement measure_thrust_device(const run_config& cfg);                // thrust_device.cu
measurement measure_thrust_par_nosync(const run_config& cfg);            // thrust_device.cu
measurement measure_thrust_par_nosync_proclaimed(const run_config& cfg); // thrust_device.cu
measurement measure_cub_transform(const run_config& cfg);                // cub_transform.cu
measurement measure_cuda_kernel(const run_config& cfg);                  // kernels.cu
measurement measure_cuda_kernel_grid_stride(const run_config& cfg);      // kernels.cu
#else
inline constexpr measure_fn measure_thrust_par_nosync = nullptr;
inline constexpr measure_fn measure_thrust_par_nosync_proclaimed = nullptr;
inline constexpr measure_fn measure_cub_transform = nullptr;
inline constexpr measure_fn measure_cuda_kernel = nullptr;
inline constexpr measure_fn measure_cuda_kernel_grid_stride = nullptr;
#endif

} // namespace policybench
