// The tuned in-place stream: what an expert writes for a streaming loop (16-byte vector accesses, several
// independent loads in flight, a grid from occupancy). The cuda::kernel_grid_stride row and the device ceiling.
#pragma once

#include "measure/cuda_check.cuh"
#include "measure/cuda_handles.cuh"
#include "policybench/increment.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace policybench {

inline constexpr unsigned in_place_block_size = 256;

// 16 bytes of T: one ld.global.v4/v2 instruction, the widest access a thread can make.
template <class T> struct alignas(16) vector16 {
  static constexpr int lanes = 16 / sizeof(T);
  T lane[lanes];
};

// Independent 16-byte loads each thread issues before it uses any: enough bytes in flight per SM to cover DRAM
// latency with one resident grid (Little's law; 4 x 16 B x 2048 threads = 128 KiB per SM).
inline constexpr int loads_in_flight = 4;

// Elements before the first 16-byte boundary and after the last whole vector go one per thread.
template <class T, class Op> __global__ void grid_stride_vectorized(T* data, std::size_t n, Op op) {
  using vector = vector16<T>;
  const std::size_t misaligned = reinterpret_cast<std::uintptr_t>(data) % 16 / sizeof(T);
  std::size_t head = misaligned == 0 ? 0 : vector::lanes - misaligned;
  if (head > n) head = n;
  vector* const vectors = reinterpret_cast<vector*>(data + head);
  const std::size_t vector_count = (n - head) / vector::lanes;
  const std::size_t thread = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::size_t threads = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t base = thread; base < vector_count; base += threads * loads_in_flight) {
    vector v[loads_in_flight] = {};
#pragma unroll
    for (int k = 0; k < loads_in_flight; ++k)
      if (base + k * threads < vector_count) v[k] = vectors[base + k * threads];
#pragma unroll
    for (int k = 0; k < loads_in_flight; ++k) {
#pragma unroll
      for (int j = 0; j < vector::lanes; ++j)
        v[k].lane[j] = op(v[k].lane[j]);
      if (base + k * threads < vector_count) vectors[base + k * threads] = v[k];
    }
  }
  if (thread < head) data[thread] = op(data[thread]);
  for (std::size_t i = head + vector_count * vector::lanes + thread; i < n; i += threads)
    data[i] = op(data[i]);
}

/// Enqueues grid_stride_vectorized(first, n, op) on a stream, op applying `work` increments per element
/// (with_increment): as many blocks as the device holds resident at once (asked of the runtime at the first call,
/// the cold one), fewer when the data needs fewer, so that every block stays for the whole loop, with no tail wave.
/// One object serves one element type. Throws std::runtime_error on a CUDA error.
struct grid_stride_launch {
  int work = 1;
  unsigned resident = 0; ///< resident_blocks, asked at the first call
  template <class T> void operator()(T* first, std::size_t n, cudaStream_t stream) {
    if (n == 0) return; // an empty grid is a launch error
    const std::size_t per_block = std::size_t(in_place_block_size) * loads_in_flight * vector16<T>::lanes;
    with_increment<T>(work, [&](auto op) {
      const auto kernel = grid_stride_vectorized<T, decltype(op)>;
      if (resident == 0) resident = resident_blocks(kernel, int(in_place_block_size));
      kernel<<<unsigned(std::min<std::size_t>(resident, (n + per_block - 1) / per_block)), in_place_block_size, 0,
               stream>>>(first, n, op);
    });
    POLICYBENCH_CUDA_CHECK(cudaGetLastError());
  }
};

} // namespace policybench
