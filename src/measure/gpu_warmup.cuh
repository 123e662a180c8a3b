// What a device measurement does before it times anything: wake the GPU, note its clocks, and make CUB's
// cached tile size the one a large call gets.
#pragma once

#include "measure/cuda_check.cuh"
#include "measure/cuda_handles.cuh"
#include "measure/gpu_clocks.hpp"
#include "measure/seconds.hpp"

#include <cstddef>
#include <optional>

namespace policybench {

/// Keeps the GPU busy for at least `seconds` with memsets of `bytes` at `d` on `s` (batches of doubling length,
/// so tiny buffers do not cost a host round trip each): the SM clock ramps up before the policy is timed.
inline void wake_gpu(void* d, std::size_t bytes, cudaStream_t s, double seconds) {
  if (bytes == 0 || seconds <= 0) return;
  const auto start = steady_clock::now();
  for (int batch = 1; seconds_since(start) < seconds; batch *= 2) {
    for (int i = 0; i < batch; ++i)
      POLICYBENCH_CUDA_CHECK(cudaMemsetAsync(d, 0, bytes, s));
    POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(s));
  }
}

/// The current device's clocks (NVML); std::nullopt when NVML is unavailable (see read_gpu_clocks).
inline std::optional<gpu_clocks> current_gpu_clocks() {
  int device = 0;
  char pci_bus_id[32] = {};
  POLICYBENCH_CUDA_CHECK(cudaGetDevice(&device));
  POLICYBENCH_CUDA_CHECK(cudaDeviceGetPCIBusId(pci_bus_id, int(sizeof pci_bus_id), device));
  return read_gpu_clocks(pci_bus_id);
}

/// Elements the first cub::DeviceTransform call per element type and call site is given. CCCL 3.0.1's
/// dispatch_transform.cuh caches the bulk-copy kernel's items per thread in a function-local static at the first
/// call, sized for that call's count: a sweep starting at 1000 elements would run every later size at the minimum
/// (fixed upstream in NVIDIA/cccl PR #5112). Above any tile (1024 threads x 32 items) the cached value is the one
/// a large call gets.
inline constexpr std::size_t tile_size_priming_count = std::size_t(1) << 20;
static_assert(tile_size_priming_count > 1024 * 32);

/// Calls apply(scratch, tile_size_priming_count, s) once per process for each T and Apply, on a zeroed scratch
/// buffer, so that CUB's cached tile size is a large call's (see tile_size_priming_count).
template <class T, class Apply> void prime_cub_tile_size(Apply& apply, cudaStream_t s) {
  static bool primed = false; // host code of one measurement at a time: no two threads get here at once
  if (primed) return;
  const device_array<T> scratch = allocate_device<T>(tile_size_priming_count);
  POLICYBENCH_CUDA_CHECK(cudaMemsetAsync(scratch.get(), 0, tile_size_priming_count * sizeof(T), s));
  apply(scratch.get(), tile_size_priming_count, s);
  POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(s));
  primed = true;
}

} // namespace policybench
