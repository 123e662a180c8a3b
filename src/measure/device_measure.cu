// device_measure.cuh's out-of-line parts: the hold kernel (one thread polls a flag in mapped memory); the arrays'
// starting values and their check, for every workload and type; NVML through dlopen, so that without the driver's
// libnvidia-ml clocks are "unavailable", not a failed build; the device ceilings.
#include "measure/ceilings.hpp"
#include "measure/device_checks.cuh"
#include "measure/device_measure.cuh"

#include <dlfcn.h>

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

// The toolkit ships no nvml.h: these are NVML's stable C ABI.
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

constexpr int compute_block = 256;
constexpr int compute_chains = 8; // independent chains per thread: several FMAs in flight per warp
constexpr int compute_steps = 4096;

// out[0] is written only when the sum is -1, which a run-time m = 1 never gives: the chains are not dead code.
template <class T> __global__ void fma_chains(T m, T* out) {
  T acc[compute_chains];
#pragma unroll
  for (int c = 0; c < compute_chains; ++c)
    acc[c] = T(threadIdx.x + c);
  for (int s = 0; s < compute_steps; ++s)
#pragma unroll
    for (int c = 0; c < compute_chains; ++c)
      acc[c] = fused_step(acc[c], m);
  T sum = 0;
#pragma unroll
  for (int c = 0; c < compute_chains; ++c)
    sum += acc[c];
  if (sum == T(-1)) out[0] = sum;
}

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

// The start and check of every (workload, element type) pair a run of the built-in workloads can have (W::supports).
#define POLICYBENCH_DEVICE_CHECKS(W, T)                                                                                \
  template void fill_initial<W, T>(T*, int, std::size_t, int, cudaStream_t);                                           \
  template std::optional<std::string> device_mismatch<W, T>(const T*, std::size_t, std::uint64_t, int, cudaStream_t);
POLICYBENCH_DEVICE_CHECKS(increment_workload, float)
POLICYBENCH_DEVICE_CHECKS(increment_workload, double)
POLICYBENCH_DEVICE_CHECKS(increment_workload, std::int32_t)
POLICYBENCH_DEVICE_CHECKS(increment_workload, std::int64_t)
POLICYBENCH_DEVICE_CHECKS(triad_workload, float)
POLICYBENCH_DEVICE_CHECKS(triad_workload, double)
POLICYBENCH_DEVICE_CHECKS(uneven_workload, float)
POLICYBENCH_DEVICE_CHECKS(uneven_workload, double)
POLICYBENCH_DEVICE_CHECKS(poly_workload, float)
POLICYBENCH_DEVICE_CHECKS(poly_workload, double)
#undef POLICYBENCH_DEVICE_CHECKS

measurement measure_device_copy(const run_config& cfg) {
  return visit_element_type(cfg.type, [&]<class T>() {
    const std::size_t n = cfg.size, bytes = n * sizeof(T);
    const cuda_stream stream = make_stream();
    const device_array<T> source = allocate_device<T>(n), destination = allocate_device<T>(n);
    wake_gpu(source.get(), bytes, stream.get(), cfg.device_warmup_s);
    fill_initial<increment_workload>(source.get(), 0, n, 1, stream.get());
    measurement m = time_device_work(cfg, stream.get(), [&](cudaStream_t s) {
      if (bytes > 0)
        POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(destination.get(), source.get(), bytes, cudaMemcpyDeviceToDevice, s));
    });
    // The source's starting values, unchanged by any call: the increment's after 0 calls.
    if (auto bad = device_mismatch<increment_workload>(destination.get(), n, 0, 1, stream.get()))
      m.validation_error = "the copy differs from its source: " + *bad;
    return m;
  });
}

measurement measure_device_compute(const run_config& cfg) {
  return visit_element_type(cfg.type, [&]<class T>() {
    const cuda_stream stream = make_stream();
    const device_array<T> out = allocate_device<T>(1);
    const unsigned blocks = resident_blocks(fma_chains<T>, compute_block) * 4; // four waves: the tail is a quarter
    wake_gpu(out.get(), sizeof(T), stream.get(), cfg.device_warmup_s);
    POLICYBENCH_CUDA_CHECK(cudaMemsetAsync(out.get(), 0, sizeof(T), stream.get()));
    const T m = static_cast<T>(runtime_one);
    measurement r = time_device_work(cfg, stream.get(), [&](cudaStream_t s) {
      fma_chains<T><<<blocks, compute_block, 0, s>>>(m, out.get());
      POLICYBENCH_CUDA_CHECK(cudaGetLastError());
    });
    r.bytes_per_call = 0;
    r.flops_per_call = 2.0 * compute_chains * compute_steps * double(blocks) * compute_block;
    // The chains' sum is never -1, so the kernel never writes: anything else in out[0] is a wrong result.
    T written{};
    POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(&written, out.get(), sizeof(T), cudaMemcpyDeviceToHost, stream.get()));
    POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
    if (written != T(0)) r.validation_error = "the compute kernel wrote " + std::to_string(written);
    return r;
  });
}

} // namespace policybench
