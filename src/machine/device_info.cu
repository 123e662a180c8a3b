// What the CUDA runtime reports about device 0, and what start-up costs: the first CUDA call in a process loads
// and initializes the driver, the next creates the context; no warm figure should contain either.
#include "machine/device_info.hpp"
#include "measure/device_measure.cuh"
#include "measure/run_config.hpp"
#include "policybench/backend/thrust.hpp"

#include <cuda_runtime_api.h>

#include <exception>

namespace policybench {

namespace {

// Whether `status` is an error; if so the device is unavailable, for the reason the runtime gives.
bool failed(device_info& d, cudaError_t status) {
  if (status != cudaSuccess) d.unavailable = std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status);
  return status != cudaSuccess;
}

// 0 when the runtime does not report it (the attribute is optional on some devices and drivers).
int attribute(cudaDeviceAttr attr, int device) {
  int value = 0;
  return cudaDeviceGetAttribute(&value, attr, device) == cudaSuccess ? value : 0;
}

void fill(device_info& d, int rank_on_node) {
  // The process's first CUDA call: the runtime loads libcuda and runs cuInit inside it.
  int count = 0;
  const auto driver_start = steady_clock::now();
  const cudaError_t count_status = cudaGetDeviceCount(&count);
  d.driver_init_s = seconds_since(driver_start);
  (void)cudaRuntimeGetVersion(&d.runtime_version);
  (void)cudaDriverGetVersion(&d.driver_version); // stays 0 without a driver
  // Without libcuda the runtime answers "driver version is insufficient", which reads as "upgrade your driver".
  if (count_status == cudaErrorInsufficientDriver && d.driver_version == 0) {
    d.unavailable = "no CUDA driver (libcuda.so.1 not found: no GPU driver installed or not visible here)";
    return;
  }
  if (failed(d, count_status)) return;
  if (count == 0) {
    d.unavailable = "no CUDA device";
    return;
  }
  const int device = d.ordinal = rank_on_node % count;
  // Since CUDA 12 cudaSetDevice creates the primary context; cudaFree(0) forces it on older runtimes.
  const auto start = steady_clock::now();
  cudaError_t status = cudaSetDevice(device);
  if (status == cudaSuccess) status = cudaFree(nullptr);
  d.context_create_s = seconds_since(start);
  if (failed(d, status)) return;

  cudaDeviceProp prop{};
  if (failed(d, cudaGetDeviceProperties(&prop, device))) return;
  d.name = prop.name;
  d.compute_capability = prop.major * 10 + prop.minor;
  d.sm_count = prop.multiProcessorCount;
  d.l2_cache_bytes = std::size_t(prop.l2CacheSize);
  d.memory_bytes = prop.totalGlobalMem;
  // Free memory is what check_memory compares against: a failed query is no device, not 0 bytes free.
  std::size_t free_bytes = 0, total_bytes = 0;
  if (failed(d, cudaMemGetInfo(&free_bytes, &total_bytes))) return;
  d.free_memory_bytes = free_bytes;
  // CUDA 13 dropped clockRate and memoryClockRate from cudaDeviceProp; the attributes remain.
  d.sm_clock_khz = attribute(cudaDevAttrClockRate, device);
  d.memory_clock_khz = attribute(cudaDevAttrMemoryClockRate, device);
  d.memory_bus_width_bits = attribute(cudaDevAttrGlobalMemoryBusWidth, device);
  d.theoretical_peak_gb_per_s = 2.0 * double(d.memory_clock_khz) * 1e3 * double(d.memory_bus_width_bits) / 8 / 1e9;
  char pci_bus_id[32] = {};
  if (cudaDeviceGetPCIBusId(pci_bus_id, int(sizeof pci_bus_id), device) == cudaSuccess) d.pci_bus_id = pci_bus_id;
  std::string why = "no PCI bus id from the runtime";
  if (d.pci_bus_id.empty() || !read_gpu_clocks(d.pci_bus_id, &why)) d.clocks_unavailable = why;
}

} // namespace

device_info query_device(int rank_on_node) {
  device_info d;
  d.thrust_device_system = thrust_device_system();
  try {
    fill(d, rank_on_node);
  } catch (const std::exception& e) { // only std::bad_alloc from the strings can get here
    d.unavailable = e.what();
  }
  // The failures fill tolerates (an optional attribute, a PCI bus id) stay the runtime's last error, which the
  // first checked launch's cudaGetLastError would then report as its own.
  (void)cudaGetLastError();
  return d;
}

void reset_device() noexcept { (void)cudaDeviceReset(); }

} // namespace policybench
