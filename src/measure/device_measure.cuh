// How a device stream is measured (docs/measurement.md, a device row's three times): kernel time behind a held stream
// (nvbench's blocking kernel), two end-to-end views; beneath it one error path for every CUDA call, RAII handles, NVML.
#pragma once

#include "measure/run_config.hpp"
#include "measure/timing.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace policybench::detail {

/// "cudaMalloc(&p, n * sizeof(T)): cudaErrorMemoryAllocation: out of memory (src/measure/device_measure.cuh:99)".
/// Clears the last error, so that it is not reported again as the next policy's failure; a sticky one (a kernel
/// fault) stays, as it should: the context is unusable.
[[noreturn]] inline void throw_cuda_error(cudaError_t status, const char* call, std::string_view file, int line) {
  (void)cudaGetLastError();
  // __FILE__ is absolute under CMake; from "src/" on is what a reader can open.
  if (const auto src = file.rfind("/src/"); src != std::string_view::npos) file.remove_prefix(src + 1);
  std::string message = std::string(call) + ": " + cudaGetErrorName(status) + ": " + cudaGetErrorString(status) + " (" +
                        std::string(file) + ":" + std::to_string(line) + ")";
  if (status == cudaErrorMemoryAllocation) throw device_out_of_memory(std::move(message));
  throw std::runtime_error(std::move(message));
}

} // namespace policybench::detail

/// Throws for any status but cudaSuccess. After a launch, check cudaGetLastError(): a bad configuration shows there.
#define POLICYBENCH_CUDA_CHECK(expr)                                                                                   \
  do {                                                                                                                 \
    const cudaError_t policybench_cuda_status_ = (expr);                                                               \
    if (policybench_cuda_status_ != cudaSuccess)                                                                       \
      ::policybench::detail::throw_cuda_error(policybench_cuda_status_, #expr, __FILE__, __LINE__);                    \
  } while (false)

namespace policybench {

/// Gives a CUDA resource back; an error there would be a sticky one, reported by the next call.
template <auto Release> struct cuda_release {
  template <class H> void operator()(H* handle) const noexcept { (void)Release(handle); }
};
template <class T> using device_array = std::unique_ptr<T, cuda_release<cudaFree>>;     ///< cudaMalloc'd T
template <class T> using pinned_array = std::unique_ptr<T, cuda_release<cudaFreeHost>>; ///< cudaHostAlloc'd T
using cuda_stream = std::unique_ptr<std::remove_pointer_t<cudaStream_t>, cuda_release<cudaStreamDestroy>>;
using cuda_event = std::unique_ptr<std::remove_pointer_t<cudaEvent_t>, cuda_release<cudaEventDestroy>>;

/// n uninitialized elements of T in device memory. Throws device_out_of_memory, naming both figures, before allocating
/// when they do not fit in the free memory: clearer than cudaErrorMemoryAllocation.
template <class T> device_array<T> allocate_device(std::size_t n) {
  T* p = nullptr;
  if (n == 0) return device_array<T>(p);
  std::size_t free_bytes = 0, total_bytes = 0;
  POLICYBENCH_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  if (n * sizeof(T) > free_bytes)
    throw device_out_of_memory("device memory: " + std::to_string(n * sizeof(T)) + " bytes needed, " +
                               std::to_string(free_bytes) + " bytes free of " + std::to_string(total_bytes));
  POLICYBENCH_CUDA_CHECK(cudaMalloc(&p, n * sizeof(T)));
  return device_array<T>(p);
}

/// n uninitialized elements of T in page-locked host memory (cudaHostAllocMapped: addressable from kernels).
template <class T> pinned_array<T> allocate_pinned(std::size_t n, unsigned flags = cudaHostAllocDefault) {
  T* p = nullptr;
  if (n > 0) POLICYBENCH_CUDA_CHECK(cudaHostAlloc(&p, n * sizeof(T), flags));
  return pinned_array<T>(p);
}

/// Blocks of `kernel`, `block` threads each, that the current device holds resident at once: one wave.
template <class Kernel> unsigned resident_blocks(Kernel kernel, int block) {
  int device = 0, sms = 0, per_sm = 0;
  POLICYBENCH_CUDA_CHECK(cudaGetDevice(&device));
  POLICYBENCH_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  POLICYBENCH_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0));
  return unsigned(sms * per_sm);
}

/// A stream that does not synchronize with the legacy default stream, as a library caller's stream would be.
inline cuda_stream make_stream() {
  cudaStream_t s = nullptr;
  POLICYBENCH_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  return cuda_stream(s);
}

inline cuda_event make_event() {
  cudaEvent_t e = nullptr;
  POLICYBENCH_CUDA_CHECK(cudaEventCreate(&e));
  return cuda_event(e);
}

/// The clocks of the GPU at `pci_bus_id` ("0000:3B:00.0") now; std::nullopt, with the reason in *why when given,
/// when NVML (libnvidia-ml.so.1, installed with the driver) cannot be loaded or queried.
std::optional<gpu_clocks> read_gpu_clocks(const std::string& pci_bus_id, std::string* why = nullptr);

/// Memsets for at least `seconds`, so that the SM clock ramps up before the policy is timed (batches of doubling
/// length, so tiny buffers do not cost a host round trip each).
inline void wake_gpu(void* d, std::size_t bytes, cudaStream_t s, double seconds) {
  if (bytes == 0 || seconds <= 0) return;
  const auto start = steady_clock::now();
  for (int batch = 1; seconds_since(start) < seconds; batch *= 2) {
    for (int i = 0; i < batch; ++i)
      POLICYBENCH_CUDA_CHECK(cudaMemsetAsync(d, 0, bytes, s));
    POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(s));
  }
}

inline std::optional<gpu_clocks> current_gpu_clocks() {
  int device = 0;
  char pci_bus_id[32] = {};
  POLICYBENCH_CUDA_CHECK(cudaGetDevice(&device));
  POLICYBENCH_CUDA_CHECK(cudaDeviceGetPCIBusId(pci_bus_id, int(sizeof pci_bus_id), device));
  return read_gpu_clocks(pci_bus_id);
}

/// Seconds the hold kernel spins before it gives up: held work that waits on its stream costs an error, not a hang.
inline constexpr double stream_hold_timeout_s = 5.0;

/// One flag pair in mapped page-locked memory, reused for every hold. Never hold a stream around work that
/// synchronizes (thrust::device) or that may load a module (a policy's first call, with lazy loading).
class stream_hold {
public:
  /// Enqueues the hold kernel on `stream`; everything enqueued after it waits until release().
  void hold(cudaStream_t stream); // device_measure.cu
  void release() noexcept { static_cast<volatile int*>(flags_.get())[0] = 1; }
  /// Whether the last hold ended by its timeout rather than by release(); read after the stream has drained.
  bool timed_out() const noexcept { return static_cast<volatile const int*>(flags_.get())[1] != 0; }

private:
  pinned_array<int> flags_ = allocate_pinned<int>(2, cudaHostAllocMapped); // [0] released, [1] timed out
};

/// The in-place view of a device stream with a kernel time: per timed call, work(stream) once unheld (host_s), then
/// once behind a held stream or unheld_batch_calls times between one event pair (kernel_s, per call); the unheld call
/// first, so that a module load never waits behind a hold. Throws std::runtime_error, also when the hold timed out.
template <class Work> measurement time_device_work(const run_config& cfg, cudaStream_t stream, Work&& work) {
  measurement m;
  m.clocks_before = current_gpu_clocks();
  stream_hold hold;
  const cuda_event start = make_event(), stop = make_event();
  const int batch = cfg.hold_stream ? 1 : unheld_batch_calls;
  std::uint64_t calls = 0;
  m.in_place = time_calls(cfg, [&]() -> call_times {
    const auto host_start = steady_clock::now();
    work(stream);
    POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(stream));
    const double host_s = seconds_since(host_start);
    if (cfg.hold_stream) hold.hold(stream);
    try {
      POLICYBENCH_CUDA_CHECK(cudaEventRecord(start.get(), stream));
      for (int i = 0; i < batch; ++i)
        work(stream);
      POLICYBENCH_CUDA_CHECK(cudaEventRecord(stop.get(), stream));
    } catch (...) {
      hold.release(); // the stream drains instead of spinning to the hold's timeout
      throw;
    }
    hold.release();
    POLICYBENCH_CUDA_CHECK(cudaEventSynchronize(stop.get()));
    float ms = 0;
    POLICYBENCH_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
    if (cfg.hold_stream && hold.timed_out())
      throw std::runtime_error("the stream hold timed out: the held work waited on its own stream");
    calls += 1 + std::uint64_t(batch);
    return {.host_s = host_s, .kernel_s = double(ms) * 1e-3 / batch};
  });
  m.in_place.calls = calls;
  m.clocks_after = current_gpu_clocks();
  return m;
}

/// Elements the first cub::DeviceTransform call per element type and call site is given: CCCL 3.0.1 caches the
/// bulk-copy kernel's items per thread at the first call (fixed in NVIDIA/cccl PR #5112; docs/policies.md).
inline constexpr std::size_t tile_size_priming_count = std::size_t(1) << 20;
static_assert(tile_size_priming_count > 1024 * 32);

/// Workload W's device arrays of n T, as measure_workload places the host's: the output, the first input when out of
/// place, the second input when there is one (operands: in == out in place, in2 nullptr with one input).
template <class W, class T> struct device_operands {
  explicit device_operands(std::size_t n)
      : out(allocate_device<T>(n)), in(allocate_device<T>(W::in_place ? 0 : n)),
        in2(allocate_device<T>(W::inputs == 2 ? n : 0)), a{.out = out.get(),
                                                           .in = W::in_place ? out.get() : in.get(),
                                                           .in2 = in2.get(),
                                                           .n = n} {}
  T* array(int k) const { return k == 0 ? out.get() : k == 1 ? in.get() : in2.get(); } ///< nullptr: not W's
  device_array<T> out, in, in2;
  operands<T> a;
};

/// Writes array `array` of W's n elements of T with its starting values (W::initial), as the host rows' arrays start.
/// Defined in device_checks.cuh, instantiated for the built-in workloads once in device_measure.cu, for a user's op by
/// its own .cu: the rows' translation units call it (each instantiating Thrust's tabulate and find_if for ten pairs
/// cost a minute of nvcc).
template <class W, class T> void fill_initial(T* data, int array, std::size_t n, int work, cudaStream_t s);

/// check_output<W> of n device elements after `calls` calls, on the device (at 10^9 elements a copy to the host would
/// cost seconds a measurement); defined and instantiated as fill_initial.
template <class W, class T>
std::optional<std::string> device_mismatch(const T* d, std::size_t n, std::uint64_t calls, int work, cudaStream_t s);

/// Whether W's output is checked on the host (a user's op: policybench/user_op.hpp), else on the device.
template <class W> constexpr bool checked_on_host = requires { W::checked_on_host; };

/// Calls apply on zeroed scratch arrays of tile_size_priming_count once per process for each W, T and Apply.
template <class W, class T, class Apply> void prime_cub_tile_size(Apply& apply, cudaStream_t s) {
  static bool primed = false; // host code of one measurement at a time: no two threads get here at once
  if (primed) return;
  const device_operands<W, T> scratch(tile_size_priming_count);
  for (int k = 0; k < 3; ++k)
    if (T* array = scratch.array(k))
      POLICYBENCH_CUDA_CHECK(cudaMemsetAsync(array, 0, tile_size_priming_count * sizeof(T), s));
  apply(W{}, scratch.a, s);
  POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(s));
  primed = true;
}

inline void add_validation_error(measurement& m, std::string error) {
  m.validation_error = m.validation_error ? *m.validation_error + "; " + error : std::move(error);
}

/// A device policy's own stream, held for kernel time, or the legacy default (thrust::device, which synchronizes).
enum class stream_choice { own, legacy_default };

/// Whether apply reaches CUB's bulk-copy transform (prime_cub_tile_size).
enum class cub_tile_size { not_cached, cached_at_first_call };

/// Measures apply(W{}, operands<T>, cudaStream_t), one call of the workload W that Workloads visits (policies/
/// registry.hpp) on its element type T, K = cfg.work, on the chosen stream. The arrays start as the host's (W::initial)
/// and the output is checked by W's own check, both on the device. One device allocation per array; the end-to-end
/// views reuse them.
template <class Workloads, class Apply>
measurement measure_device(const run_config& cfg, stream_choice where, Apply apply,
                           cub_tile_size tiles = cub_tile_size::not_cached) {
  return Workloads::visit(cfg, [&](auto workload, auto element) {
    using W = decltype(workload);
    using T = decltype(element);
    const cuda_stream own = where == stream_choice::own ? make_stream() : cuda_stream();
    const cudaStream_t stream = where == stream_choice::own ? own.get() : cudaStreamLegacy;
    const std::size_t n = cfg.size, bytes = n * sizeof(T);
    const device_operands<W, T> d(n);
    // A large enough first call caches a large call's tile size itself, and the cold call stays the policy's first.
    if (tiles == cub_tile_size::cached_at_first_call && n < tile_size_priming_count)
      prime_cub_tile_size<W, T>(apply, stream);
    wake_gpu(d.a.out, bytes, stream, cfg.device_warmup_s);
    for (int k = 0; k < 3; ++k)
      if (T* array = d.array(k)) fill_initial<W>(array, k, n, cfg.work, stream);

    measurement m;
    if (where == stream_choice::own) {
      m = time_device_work(cfg, stream, [&](cudaStream_t s) { apply(W{}, d.a, s); });
    } else {
      m.no_kernel_time = "it synchronizes inside the call: CUDA events around it would time a host round trip too";
      m.clocks_before = current_gpu_clocks();
      m.in_place = time_calls(cfg, [&] { apply(W{}, d.a, stream); });
      m.clocks_after = current_gpu_clocks();
    }
    if constexpr (checked_on_host<W>) {
      std::vector<T> out(n);
      if (n > 0) POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(out.data(), d.a.out, bytes, cudaMemcpyDeviceToHost, stream));
      POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(stream));
      if (auto bad = check_output<W>(out.data(), n, m.in_place.calls, cfg.work))
        add_validation_error(m, std::move(*bad));
    } else if (auto bad = device_mismatch<W>(d.a.out, n, m.in_place.calls, cfg.work, stream)) {
      add_validation_error(m, std::move(*bad));
    }

    if (!cfg.end_to_end) return m;
    // Each input copied in, apply, the output copied out, synchronize: what a caller holding host arrays waits for
    // (in place, the output is the first input). The row's --timeout covers every view: this one gets its share of
    // what is left.
    const auto end_to_end = [&](T* const* on_host, const char* view, int views_left) {
      for (int k = 0; k < 3; ++k)
        for (std::size_t i = 0; on_host[k] && i < n; ++i)
          on_host[k][i] = W::template initial<T>(k, i, n, cfg.work);
      run_config view_cfg = cfg;
      if (cfg.stop.limit_s > 0) view_cfg.stop.limit_s = std::max(1e-9, (cfg.stop.limit_s - elapsed_s(m)) / views_left);
      auto times = time_calls(view_cfg, [&] {
        for (int k = W::in_place ? 0 : 1; k < 3 && n > 0; ++k)
          if (on_host[k])
            POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(d.array(k), on_host[k], bytes, cudaMemcpyHostToDevice, stream));
        apply(W{}, d.a, stream);
        if (n > 0) POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(on_host[0], d.a.out, bytes, cudaMemcpyDeviceToHost, stream));
        POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(stream));
      });
      if (const auto bad = check_output<W>(on_host[0], n, times.calls, cfg.work))
        add_validation_error(m, std::string(view) + ": " + *bad);
      return times;
    };
    {
      std::vector<T> pageable[3];
      T* on_host[3] = {};
      for (int k = 0; k < 3; ++k)
        if (d.array(k)) pageable[k].resize(n), on_host[k] = pageable[k].data();
      m.e2e_pageable = end_to_end(on_host, "end-to-end from pageable memory", 2);
    }
    pinned_array<T> pinned[3];
    T* on_host[3] = {};
    for (int k = 0; k < 3; ++k)
      if (d.array(k)) pinned[k] = allocate_pinned<T>(n), on_host[k] = pinned[k].get();
    m.e2e_pinned = end_to_end(on_host, "end-to-end from pinned memory", 1);
    return m;
  });
}

} // namespace policybench
