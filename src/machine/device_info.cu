// What the CUDA runtime reports about device 0, and what creating its context costs: the first CUDA call in
// a process pays for driver and context start-up, which no warm figure should contain.
#include "measure/cuda_check.cuh"
#include "policybench/backend/thrust.hpp"
#include "machine/device_info.hpp"

#include <cuda_runtime_api.h>

#include <chrono>
#include <exception>
#include <string>

namespace policybench {

namespace {

std::string describe(cudaError_t status) {
  return std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status);
}

// 0 when the runtime does not report it (the attribute is optional on some devices and drivers).
int attribute(cudaDeviceAttr attr, int device) {
  int value = 0;
  return cudaDeviceGetAttribute(&value, attr, device) == cudaSuccess ? value : 0;
}

void fill(device_info& d) {
  (void)cudaRuntimeGetVersion(&d.runtime_version);
  (void)cudaDriverGetVersion(&d.driver_version); // stays 0 without a driver
  int count = 0;
  if (const cudaError_t status = cudaGetDeviceCount(&count); status != cudaSuccess) {
    d.unavailable = describe(status);
    return;
  }
  if (count == 0) {
    d.unavailable = "no CUDA device";
    return;
  }
  // Since CUDA 12 cudaSetDevice creates the primary context; cudaFree(0) forces it on older runtimes.
  const auto start = std::chrono::steady_clock::now();
  cudaError_t status = cudaSetDevice(0);
  if (status == cudaSuccess) status = cudaFree(nullptr);
  d.context_create_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (status != cudaSuccess) {
    d.unavailable = describe(status);
    return;
  }

  cudaDeviceProp prop{};
  if (const cudaError_t s = cudaGetDeviceProperties(&prop, 0); s != cudaSuccess) {
    d.unavailable = describe(s);
    return;
  }
  d.name = prop.name;
  d.compute_capability = prop.major * 10 + prop.minor;
  d.sm_count = prop.multiProcessorCount;
  d.l2_cache_bytes = std::size_t(prop.l2CacheSize);
  d.memory_bytes = prop.totalGlobalMem;
  // Free memory is what check_memory compares against: a failed query is no device, not 0 bytes free.
  std::size_t free_bytes = 0, total_bytes = 0;
  if (const cudaError_t s = cudaMemGetInfo(&free_bytes, &total_bytes); s != cudaSuccess) {
    d.unavailable = describe(s);
    return;
  }
  d.free_memory_bytes = free_bytes;
  // CUDA 13 dropped clockRate and memoryClockRate from cudaDeviceProp; the attributes remain.
  d.sm_clock_khz = attribute(cudaDevAttrClockRate, 0);
  d.memory_clock_khz = attribute(cudaDevAttrMemoryClockRate, 0);
  d.memory_bus_width_bits = attribute(cudaDevAttrGlobalMemoryBusWidth, 0);
  d.theoretical_peak_gb_per_s = 2.0 * double(d.memory_clock_khz) * 1e3 * double(d.memory_bus_width_bits) / 8 / 1e9;
}

} // namespace

device_info query_device() {
  device_info d;
  d.thrust_device_system = thrust_device_system();
  try {
    fill(d);
  } catch (const std::exception& e) { // only std::bad_alloc from the strings can get here
    d.unavailable = e.what();
  }
  return d;
}

} // namespace policybench
