// device_measure.cuh's out-of-line parts: the hold kernel (one thread polls a flag in mapped memory), and NVML through
// dlopen: without the driver's libnvidia-ml, clocks are "unavailable", not a failed build. The toolkit ships no
// nvml.h: the declarations below are NVML's stable C ABI.
#include "measure/device_measure.cuh"

#include <dlfcn.h>

#include <string>
#include <utility>

namespace policybench {

namespace {

// Spins until *released != 0, or until timeout_ns of %globaltimer have passed, then sets *timed_out = 1.
__global__ void spin_until_released(const volatile int* released, volatile int* timed_out,
                                    unsigned long long timeout_ns) {
  // %globaltimer: nanoseconds, the same on every SM, unaffected by the SM clock the GPU happens to run at.
  const auto now = [] {
    unsigned long long ns;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
    return ns;
  };
  const unsigned long long start = now();
  while (*released == 0) {
    if (now() - start > timeout_ns) {
      *timed_out = 1;
      return;
    }
    __nanosleep(1000); // polls every microsecond or so, leaving the memory system to the work behind it
  }
}

struct nvml_device;
using nvml_init_fn = int (*)();
using nvml_device_by_pci_fn = int (*)(const char*, nvml_device**);
using nvml_clock_fn = int (*)(nvml_device*, int, unsigned*);
constexpr int nvml_success = 0, nvml_clock_sm = 1, nvml_clock_mem = 2;

// Loaded and initialized once per process, never shut down: clocks are read before and after every policy.
struct nvml_library {
  std::string unavailable;
  nvml_device_by_pci_fn device_by_pci = nullptr;
  nvml_clock_fn clock = nullptr;

  nvml_library() {
    void* lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      unavailable = "NVML not loaded (libnvidia-ml.so.1 comes with the NVIDIA driver)";
      return;
    }
    const auto init = reinterpret_cast<nvml_init_fn>(dlsym(lib, "nvmlInit_v2"));
    device_by_pci = reinterpret_cast<nvml_device_by_pci_fn>(dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2"));
    clock = reinterpret_cast<nvml_clock_fn>(dlsym(lib, "nvmlDeviceGetClockInfo"));
    if (!init || !device_by_pci || !clock)
      unavailable = "NVML lacks nvmlInit_v2 or a clock query";
    else if (const int status = init(); status != nvml_success)
      unavailable = "nvmlInit_v2 failed (NVML error " + std::to_string(status) + ")";
  }
};

} // namespace

void stream_hold::hold(cudaStream_t stream) {
  flags_.get()[0] = flags_.get()[1] = 0;
  spin_until_released<<<1, 1, 0, stream>>>(flags_.get(), flags_.get() + 1,
                                           static_cast<unsigned long long>(stream_hold_timeout_s * 1e9));
  POLICYBENCH_CUDA_CHECK(cudaGetLastError());
}

std::optional<gpu_clocks> read_gpu_clocks(const std::string& pci_bus_id, std::string* why) {
  static const nvml_library nvml;
  const auto fail = [&](std::string reason) -> std::optional<gpu_clocks> {
    if (why) *why = std::move(reason);
    return std::nullopt;
  };
  if (!nvml.unavailable.empty()) return fail(nvml.unavailable);
  nvml_device* device = nullptr;
  if (nvml.device_by_pci(pci_bus_id.c_str(), &device) != nvml_success)
    return fail("NVML does not know the device at PCI bus id " + pci_bus_id);
  gpu_clocks clocks;
  if (nvml.clock(device, nvml_clock_sm, &clocks.sm_mhz) != nvml_success ||
      nvml.clock(device, nvml_clock_mem, &clocks.memory_mhz) != nvml_success)
    return fail("NVML reports no SM or memory clock for this device");
  return clocks;
}

} // namespace policybench
