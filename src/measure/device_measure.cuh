// How a device stream is measured: the GPU woken first, data initialized and validated on the device (a 10 GB array
// never goes through the host), host-synchronous and kernel time per call (time_device_work), two end-to-end views
// within the row's timeout. The hold is nvbench's blocking kernel, re-derived: a one-thread kernel holds the stream
// while the start event, the work and the stop event are enqueued behind it, then the host releases it, so the kernel
// time carries no host launch latency. Beneath it: one error path for every CUDA runtime call and kernel launch (the
// call text, the error and where, nvbench style, so a failure in a sweep names the exact call), RAII handles for the
// resources one measurement owns, the GPU's clocks (NVML).
#pragma once

#include "measure/run_config.hpp"
#include "measure/timing.hpp"
#include "measure/validation.hpp"

#include <cuda_runtime_api.h>
#include <thrust/find.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/tabulate.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace policybench::detail {

/// "cudaMalloc(&p, n * sizeof(T)): cudaErrorMemoryAllocation: out of memory (src/measure/device_measure.cuh:99)".
/// Clears the thread's last error first (cudaGetLastError), so that a non-sticky error reported here is not
/// reported again by the next cudaGetLastError(), i.e. as the next policy's failure. Sticky errors (a kernel
/// fault) stay: the context is unusable and every later call fails with them, as it should.
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

/// Throws device_out_of_memory (a std::bad_alloc) for cudaErrorMemoryAllocation, std::runtime_error for any other
/// status but cudaSuccess, after clearing the error. After a kernel launch, check cudaGetLastError(): a launch
/// returns nothing, a bad configuration shows only there.
#define POLICYBENCH_CUDA_CHECK(expr)                                                                                   \
  do {                                                                                                                 \
    const cudaError_t policybench_cuda_status_ = (expr);                                                               \
    if (policybench_cuda_status_ != cudaSuccess)                                                                       \
      ::policybench::detail::throw_cuda_error(policybench_cuda_status_, #expr, __FILE__, __LINE__);                    \
  } while (false)

namespace policybench {

/// Owns one CUDA resource `Handle` (a pointer or an opaque CUDA handle) and gives it back with `Release` once.
/// A null handle (the default, or an empty array) releases nothing. Move-only.
template <class Handle, cudaError_t (*Release)(Handle)> class cuda_handle {
public:
  cuda_handle() = default;
  explicit cuda_handle(Handle handle) noexcept : handle_(handle) {}
  cuda_handle(cuda_handle&& other) noexcept : handle_(std::exchange(other.handle_, Handle{})) {}
  cuda_handle& operator=(cuda_handle&& other) noexcept {
    std::swap(handle_, other.handle_);
    return *this;
  }
  ~cuda_handle() {
    if (handle_) (void)Release(handle_); // an error here would be a sticky one, reported by the next call
  }
  Handle get() const noexcept { return handle_; }

private:
  Handle handle_{};
};

template <class T> cudaError_t free_device(T* p) { return cudaFree(p); }
template <class T> cudaError_t free_pinned(T* p) { return cudaFreeHost(p); }

template <class T> using device_array = cuda_handle<T*, free_device<T>>; ///< cudaMalloc'd elements of T
template <class T> using pinned_array = cuda_handle<T*, free_pinned<T>>; ///< cudaHostAlloc'd elements of T
using cuda_stream = cuda_handle<cudaStream_t, cudaStreamDestroy>;
using cuda_event = cuda_handle<cudaEvent_t, cudaEventDestroy>;

/// n uninitialized elements of T in device memory; n == 0 allocates nothing. Throws device_out_of_memory, naming
/// both figures when n elements do not fit in the device's free memory: clearer than cudaErrorMemoryAllocation, and
/// raised before anything was allocated.
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

/// n uninitialized elements of T in page-locked host memory (copies DMA straight from it, no staging);
/// cudaHostAllocMapped in `flags` makes it addressable from kernels. Throws device_out_of_memory.
template <class T> pinned_array<T> allocate_pinned(std::size_t n, unsigned flags = cudaHostAllocDefault) {
  T* p = nullptr;
  if (n > 0) POLICYBENCH_CUDA_CHECK(cudaHostAlloc(&p, n * sizeof(T), flags));
  return pinned_array<T>(p);
}

/// Blocks of `kernel`, `block` threads each, that the current device holds resident at once: a grid that size runs
/// in one wave, every block staying for the whole loop.
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

/// The clocks of the GPU whose PCI bus id is `pci_bus_id` (cudaDeviceGetPCIBusId's form, "0000:3B:00.0"), now.
/// std::nullopt, with the reason in *why when given, when libnvidia-ml.so.1 (installed with the driver, not the
/// toolkit) cannot be loaded, NVML does not start, or the device or a clock cannot be queried. Never throws but
/// std::bad_alloc.
std::optional<gpu_clocks> read_gpu_clocks(const std::string& pci_bus_id, std::string* why = nullptr);

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

/// Seconds the hold kernel spins before it gives up by itself: a bug that waits on the held stream (a synchronize
/// inside the held work) then costs this long and an error, instead of hanging the GPU.
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

/// The in-place view of every device stream with a kernel time, timed as time_calls(cfg) does: per timed call
/// work(stream) once unheld and synchronized (host_s), then once more behind a held stream, or unheld_batch_calls
/// times between one event pair without the hold (kernel_s, per call). The unheld call comes first, so a first call
/// that loads its module never waits behind a hold. The GPU's clocks are read before and after; in_place.calls counts
/// every call made. Throws std::runtime_error, also when the hold timed out (the figure would then hold host time).
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

// A functor, not a lambda in measure_on_device: nvcc allows no extended lambda in a template whose arguments are
// local types (each policy's Apply closure).
template <class T> struct initial_value {
  __host__ __device__ T operator()(std::ptrdiff_t i) const { return expected_value<T>(std::size_t(i), 0); }
};

/// check_output<increment_workload> of n device elements after `calls` calls of K = `work`, searched on stream s.
template <class T>
std::optional<std::string> device_mismatch(const T* d, std::size_t n, std::uint64_t calls, int work, cudaStream_t s) {
  if (n == 0) return std::nullopt;
  const thrust::counting_iterator<std::size_t> first(0);
  const std::uint64_t increments = calls * std::uint64_t(work);
  const auto found = thrust::find_if(thrust::cuda::par.on(s), first, first + n, [=] __device__(std::size_t i) {
    return d[i] != expected_value<T>(i, increments);
  });
  if (found == first + n) return std::nullopt;
  T value{};
  POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(&value, d + *found, sizeof(T), cudaMemcpyDeviceToHost, s));
  POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(s));
  return describe_mismatch<increment_workload>(std::size_t(*found), value, n, calls, work);
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

inline void add_validation_error(measurement& m, std::string error) {
  m.validation_error = m.validation_error ? *m.validation_error + "; " + error : std::move(error);
}

/// Where and how a device policy is timed: on a fresh non-blocking stream of its own, held for kernel time; or
/// on the legacy default stream, host-synchronous time only (thrust::device synchronizes inside the call, which
/// would deadlock a held stream and puts a host round trip between any two events around it).
enum class stream_choice { own, legacy_default };

/// Whether apply reaches CUB's bulk-copy transform, whose first call per type must be a large one (see
/// prime_cub_tile_size).
enum class cub_tile_size { not_cached, cached_at_first_call };

/// Runs the workload for `cfg` on the chosen stream: apply(T* first, std::size_t n, cudaStream_t) enqueues one call
/// of cfg.work increments per element; validation expects start + calls x cfg.work.
/// One device allocation per run; the end-to-end views reuse it, each call overwriting it from the host.
template <class T, class Apply>
measurement measure_on_device(const run_config& cfg, stream_choice where, cub_tile_size tiles, Apply apply) {
  const cuda_stream own = where == stream_choice::own ? make_stream() : cuda_stream();
  const cudaStream_t stream = where == stream_choice::own ? own.get() : cudaStreamLegacy;
  const std::size_t n = cfg.size;
  const device_array<T> data = allocate_device<T>(n);
  T* const d = data.get();
  // A first call of the run's own size caches a large call's tile size by itself: then no scratch call comes first,
  // and the cold call means what it means on every other row (the policy's first).
  if (tiles == cub_tile_size::cached_at_first_call && n < tile_size_priming_count)
    prime_cub_tile_size<T>(apply, stream);
  wake_gpu(d, n * sizeof(T), stream, cfg.device_warmup_s);
  if (n > 0) thrust::tabulate(thrust::cuda::par.on(stream), d, d + n, initial_value<T>{});

  measurement m;
  if (where == stream_choice::own) {
    m = time_device_work(cfg, stream, [&](cudaStream_t s) { apply(d, n, s); });
  } else {
    m.no_kernel_time = "it synchronizes inside the call: CUDA events around it would time a host round trip too";
    m.clocks_before = current_gpu_clocks();
    m.in_place = time_calls(cfg, [&] { apply(d, n, stream); });
    m.clocks_after = current_gpu_clocks();
  }
  if (auto bad = device_mismatch(d, n, m.in_place.calls, cfg.work, stream)) add_validation_error(m, std::move(*bad));

  if (!cfg.end_to_end) return m;
  // H2D copy from `host`, apply, D2H copy back, synchronize, timed on the host clock only: what a caller holding a
  // host array waits for. The row's --timeout covers every view: this one gets its share of what is left.
  const auto end_to_end = [&](T* host, const char* view, int views_left) {
    for (std::size_t i = 0; i < n; ++i)
      host[i] = expected_value<T>(i, 0);
    run_config view_cfg = cfg;
    if (cfg.stop.limit_s > 0) view_cfg.stop.limit_s = std::max(1e-9, (cfg.stop.limit_s - elapsed_s(m)) / views_left);
    auto times = time_calls(view_cfg, [&] {
      if (n > 0) POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(d, host, n * sizeof(T), cudaMemcpyHostToDevice, stream));
      apply(d, n, stream);
      if (n > 0) POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(host, d, n * sizeof(T), cudaMemcpyDeviceToHost, stream));
      POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(stream));
    });
    if (const auto bad = check_output<increment_workload>(host, n, times.calls, cfg.work))
      add_validation_error(m, std::string(view) + ": " + *bad);
    return times;
  };
  {
    std::vector<T> pageable(n);
    m.e2e_pageable = end_to_end(pageable.data(), "end-to-end from pageable memory", 2);
  }
  const pinned_array<T> pinned = allocate_pinned<T>(n);
  m.e2e_pinned = end_to_end(pinned.get(), "end-to-end from pinned memory", 1);
  return m;
}

/// Measures apply(T* first, std::size_t n, cudaStream_t s) for the run's element type on the chosen stream.
template <class Apply>
measurement measure_device(const run_config& cfg, stream_choice where, Apply apply,
                           cub_tile_size tiles = cub_tile_size::not_cached) {
  return visit_element_type(cfg.type, [&]<class T>() { return measure_on_device<T>(cfg, where, tiles, apply); });
}

} // namespace policybench
