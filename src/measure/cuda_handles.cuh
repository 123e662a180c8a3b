// RAII for the CUDA resources one measurement owns: device memory, page-locked host memory, a stream, events.
// Everything is released when the run ends (no static device memory), and destructors never throw.
#pragma once

#include "measure/cuda_check.cuh"

#include <cstddef>
#include <stdexcept>
#include <string>

namespace policybench {

/// Throws std::runtime_error naming both figures when `bytes` more do not fit in the device's free memory:
/// clearer than cudaErrorMemoryAllocation, and raised before anything was allocated.
inline void require_free_device_memory(std::size_t bytes) {
  std::size_t free_bytes = 0, total_bytes = 0;
  POLICYBENCH_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  if (bytes > free_bytes)
    throw std::runtime_error("device memory: " + std::to_string(bytes) + " bytes needed, " +
                             std::to_string(free_bytes) + " bytes free of " + std::to_string(total_bytes));
}

/// n elements of T in device memory (cudaMalloc), uninitialized. Empty arrays allocate nothing.
template <class T> class device_array {
public:
  explicit device_array(std::size_t n) : size_(n) {
    if (n == 0) return;
    require_free_device_memory(n * sizeof(T));
    POLICYBENCH_CUDA_CHECK(cudaMalloc(&data_, n * sizeof(T)));
  }
  ~device_array() {
    if (data_) (void)cudaFree(data_);
  }
  device_array(const device_array&) = delete;
  device_array& operator=(const device_array&) = delete;
  T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }

private:
  T* data_ = nullptr;
  std::size_t size_;
};

/// n elements of T in page-locked host memory (cudaMallocHost): copies DMA straight from it, no staging.
template <class T> class pinned_array {
public:
  explicit pinned_array(std::size_t n) : size_(n) {
    if (n > 0) POLICYBENCH_CUDA_CHECK(cudaMallocHost(&data_, n * sizeof(T)));
  }
  ~pinned_array() {
    if (data_) (void)cudaFreeHost(data_);
  }
  pinned_array(const pinned_array&) = delete;
  pinned_array& operator=(const pinned_array&) = delete;
  T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }

private:
  T* data_ = nullptr;
  std::size_t size_;
};

/// A stream that does not synchronize with the legacy default stream, as a library caller's stream would be.
class cuda_stream {
public:
  cuda_stream() { POLICYBENCH_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
  ~cuda_stream() { (void)cudaStreamDestroy(stream_); }
  cuda_stream(const cuda_stream&) = delete;
  cuda_stream& operator=(const cuda_stream&) = delete;
  cudaStream_t get() const noexcept { return stream_; }

private:
  cudaStream_t stream_ = nullptr;
};

class cuda_event {
public:
  cuda_event() { POLICYBENCH_CUDA_CHECK(cudaEventCreate(&event_)); }
  ~cuda_event() { (void)cudaEventDestroy(event_); }
  cuda_event(const cuda_event&) = delete;
  cuda_event& operator=(const cuda_event&) = delete;
  cudaEvent_t get() const noexcept { return event_; }

private:
  cudaEvent_t event_ = nullptr;
};

/// Brackets work on a stream: device-side time, free of host launch overhead and of the host clock.
class event_pair {
public:
  void record_start(cudaStream_t stream) { POLICYBENCH_CUDA_CHECK(cudaEventRecord(start_.get(), stream)); }
  void record_stop(cudaStream_t stream) { POLICYBENCH_CUDA_CHECK(cudaEventRecord(stop_.get(), stream)); }
  /// Waits for the stop event, then returns start-to-stop in seconds.
  double elapsed_s() const {
    POLICYBENCH_CUDA_CHECK(cudaEventSynchronize(stop_.get()));
    float ms = 0;
    POLICYBENCH_CUDA_CHECK(cudaEventElapsedTime(&ms, start_.get(), stop_.get()));
    return double(ms) * 1e-3;
  }

private:
  cuda_event start_, stop_;
};

} // namespace policybench
