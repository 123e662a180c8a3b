// The device as a build without nvcc sees it: none. Thrust's device system is then oneTBB (see the registry).
#include "machine/device_info.hpp"
#include "policybench/backend/thrust.hpp"

namespace policybench {

device_info query_device(int) {
  device_info d;
  d.unavailable = POLICYBENCH_NO_CUDA_REASON; // cmake/cuda.cmake: CUDA switched off, or no nvcc found
  d.thrust_device_system = thrust_device_system();
  return d;
}

void reset_device() noexcept {}

} // namespace policybench
