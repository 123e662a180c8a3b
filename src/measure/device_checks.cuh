// The device arrays' starting values and their check (device_measure.cuh declares them): two plain kernels, each a
// grid-stride loop over W's own initial and close_enough. Included where they are instantiated: device_measure.cu for
// the built-in workloads, a user's op's .cu for its own (policies/user_op_device.cuh).
#pragma once

#include "measure/device_measure.cuh"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace policybench {
namespace detail {

// The start and the check run once per measurement, outside its timed calls: a plain grid-stride loop, a grid of at
// most 2^16 blocks of 256 threads.
constexpr unsigned check_block = 256;
inline unsigned check_blocks(std::size_t n) {
  return unsigned(std::min<std::size_t>((n + check_block - 1) / check_block, 1 << 16));
}

template <class W, class T> __global__ void initial_kernel(T* data, int array, std::size_t n, int work) {
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    data[i] = W::template initial<T>(array, i, n, work);
}

// Each thread's first failing index, atomicMin'd into *first: the least failing index of all (n where none fails).
template <class W, class T>
__global__ void first_wrong_kernel(const T* data, std::size_t n, std::uint64_t calls, int work,
                                   unsigned long long* first) {
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    if (!close_enough<W>(data[i], W::template expected<T>(i, n, calls, work))) {
      atomicMin(first, static_cast<unsigned long long>(i));
      return;
    }
}

} // namespace detail

template <class W, class T> void fill_initial(T* data, int array, std::size_t n, int work, cudaStream_t s) {
  if (n == 0) return; // an empty grid is a launch error
  detail::initial_kernel<W, T><<<detail::check_blocks(n), detail::check_block, 0, s>>>(data, array, n, work);
  POLICYBENCH_CUDA_CHECK(cudaGetLastError());
}

template <class W, class T>
std::optional<std::string> device_mismatch(const T* d, std::size_t n, std::uint64_t calls, int work, cudaStream_t s) {
  if (n == 0) return std::nullopt;
  const device_array<unsigned long long> first = allocate_device<unsigned long long>(1);
  unsigned long long found = n;
  POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(first.get(), &found, sizeof found, cudaMemcpyHostToDevice, s));
  detail::first_wrong_kernel<W, T>
      <<<detail::check_blocks(n), detail::check_block, 0, s>>>(d, n, calls, work, first.get());
  POLICYBENCH_CUDA_CHECK(cudaGetLastError());
  POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(&found, first.get(), sizeof found, cudaMemcpyDeviceToHost, s));
  POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(s));
  if (found >= n) return std::nullopt;
  T value{};
  POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(&value, d + found, sizeof(T), cudaMemcpyDeviceToHost, s));
  POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(s));
  return describe_mismatch<W>(std::size_t(found), value, n, calls, work);
}

} // namespace policybench
