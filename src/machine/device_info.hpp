// The GPU as the harness sees it, in plain C++ types: device_info.cu (nvcc builds) or device_info_without_nvcc.cpp.
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
  int compute_capability = 0; ///< major * 10 + minor, e.g. 90
  int sm_count = 0;
  std::size_t l2_cache_bytes = 0;
  std::size_t memory_bytes = 0;
  std::size_t free_memory_bytes = 0;
  int sm_clock_khz = 0;     ///< cudaDevAttrClockRate: the peak SM clock, not the current one
  int memory_clock_khz = 0; ///< cudaDevAttrMemoryClockRate: the peak memory clock
  int memory_bus_width_bits = 0;
  double theoretical_peak_gb_per_s = 0; ///< as CUDA's deviceQuery: 2 (DDR) x memory clock x bus width / 8; 0: unknown
  double driver_init_s = 0;    ///< the process's first CUDA call (loading libcuda, cuInit), host clock, seconds
  double context_create_s = 0; ///< cudaSetDevice + cudaFree(nullptr) after it: the primary context, seconds
  std::string pci_bus_id;      ///< e.g. "0000:3B:00.0"; where NVML finds the device
  int ordinal = 0; ///< the CUDA device this process uses (policybench-mpi: node-local rank mod device count)
  /// Why no SM/memory clocks can be read (NVML absent or failing); then measurement::clocks_before/after are empty.
  std::optional<std::string> clocks_unavailable;
};

/// Queries device (rank_on_node mod the device count), makes it the current device and creates its context: device 0
/// for a single process, one device per rank for policybench-mpi. Never throws: failures land in `unavailable`.
device_info query_device(int rank_on_node = 0);

/// Destroys device 0's primary context (cudaDeviceReset) and with it every allocation: call last, so that
/// compute-sanitizer's leak check sees what was still allocated. No-op without a device or without nvcc.
void reset_device() noexcept;

} // namespace policybench
