// RAII for the CUDA resources one measurement owns: one move-only handle template, instantiated for device memory,
// page-locked host memory, streams and events. Released when the run ends; destructors never throw. And the grid a
// resident kernel gets.
#pragma once

#include "measure/cuda_check.cuh"

#include <cstddef>
#include <string>
#include <utility>

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

} // namespace policybench
