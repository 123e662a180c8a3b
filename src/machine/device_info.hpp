// The GPU as the harness sees it: what the CUDA runtime reports about device 0, in plain C++ types.
// Implemented in device_info.cu (nvcc builds) or device_info_without_nvcc.cpp.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace policybench {

/// What the CUDA runtime reports about device 0. Sizes in bytes, clocks in kHz.
struct device_info {
  std::optional<std::string> unavailable; ///< e.g. "cudaErrorNoDevice: no CUDA-capable device is detected"
  std::string thrust_device_system;       ///< "CUDA", or "oneTBB" in a build without nvcc
  int runtime_version = 0;                ///< cudaRuntimeGetVersion, e.g. 13000; 0 without CUDA
  int driver_version = 0;                 ///< cudaDriverGetVersion; 0 when no driver is loaded
  std::string name;
  int compute_capability = 0;             ///< major * 10 + minor, e.g. 90
  int sm_count = 0;
  std::size_t l2_cache_bytes = 0;
  std::size_t memory_bytes = 0;
  std::size_t free_memory_bytes = 0;
  int sm_clock_khz = 0;
  int memory_clock_khz = 0;
  int memory_bus_width_bits = 0;
  /// 2 (double data rate) x memory clock x bus width / 8, in GB/s (10^9 bytes/s), as CUDA's deviceQuery
  /// sample computes it; 0 when the runtime does not report the clock.
  double theoretical_peak_gb_per_s = 0;
  double context_create_s = 0;            ///< first CUDA runtime call (context creation), host clock
};

/// Queries device 0 and creates its context. Never throws: failures land in `unavailable`.
device_info query_device();

} // namespace policybench
