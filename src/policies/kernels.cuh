// Hand-written kernels: the seed's @cuda.jit form (one element per thread) and what an expert writes for a streaming
// loop (16-byte vectors, several loads in flight, a resident grid): the cuda::kernel_grid_stride row and the ceiling.
// Templates over the workloads they measure (registry.hpp): kernels.cu instantiates them for the built-in ones, a
// user's op's .cu for its own.
#pragma once

#include "measure/device_measure.cuh"
#include "policies/registry.hpp"
#include "policybench/workloads.hpp"

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace policybench {

namespace detail {

constexpr unsigned block_size = 256; // the seed's @cuda.jit block, and the grid-stride kernel's

// out[i] = op(in[i]), or op(in[i], in2[i]) for a workload of two inputs.
template <int inputs, class T, class Op> __device__ void apply_at(const operands<T>& a, const Op& op, std::size_t i) {
  if constexpr (inputs == 2)
    a.out[i] = op(a.in[i], a.in2[i]);
  else
    a.out[i] = op(a.in[i]);
}

// 64-bit index: blockIdx.x * blockDim.x overflows 32 bits beyond 2^32 elements.
template <int inputs, class T, class Op> __global__ void one_element_per_thread(operands<T> a, Op op) {
  const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < a.n) apply_at<inputs>(a, op, i);
}

// 16 bytes of T: one ld.global.v4/v2 instruction, the widest access a thread can make.
template <class T> struct alignas(16) vector16 {
  static constexpr int lanes = 16 / sizeof(T);
  T lane[lanes];
};

// Independent 16-byte loads each thread issues before it uses any: enough bytes in flight per SM to cover DRAM
// latency with one resident grid (Little's law; 4 x 16 B x 2048 threads = 128 KiB per SM, per input).
inline constexpr int loads_in_flight = 4;

// Elements before the first 16-byte boundary and after the last whole vector go one per thread; the arrays share
// their offset from it (checked at the first launch).
template <int inputs, class T, class Op> __global__ void grid_stride_vectorized(operands<T> a, Op op) {
  using vector = vector16<T>;
  const std::size_t misaligned = reinterpret_cast<std::uintptr_t>(a.out) % 16 / sizeof(T), n = a.n;
  std::size_t head = misaligned == 0 ? 0 : vector::lanes - misaligned;
  if (head > n) head = n;
  vector* const out = reinterpret_cast<vector*>(a.out + head);
  const vector* const in = reinterpret_cast<const vector*>(a.in + head);
  const vector* const in2 = inputs == 2 ? reinterpret_cast<const vector*>(a.in2 + head) : nullptr;
  const std::size_t vector_count = (n - head) / vector::lanes;
  const std::size_t thread = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::size_t threads = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t base = thread; base < vector_count; base += threads * loads_in_flight) {
    vector x[loads_in_flight] = {}, y[loads_in_flight] = {};
#pragma unroll
    for (int k = 0; k < loads_in_flight; ++k)
      if (base + k * threads < vector_count) {
        x[k] = in[base + k * threads];
        if constexpr (inputs == 2) y[k] = in2[base + k * threads];
      }
#pragma unroll
    for (int k = 0; k < loads_in_flight; ++k) {
#pragma unroll
      for (int j = 0; j < vector::lanes; ++j)
        if constexpr (inputs == 2)
          x[k].lane[j] = op(x[k].lane[j], y[k].lane[j]);
        else
          x[k].lane[j] = op(x[k].lane[j]);
      if (base + k * threads < vector_count) out[base + k * threads] = x[k];
    }
  }
  if (thread < head) apply_at<inputs>(a, op, thread);
  for (std::size_t i = head + vector_count * vector::lanes + thread; i < n; i += threads)
    apply_at<inputs>(a, op, i);
}

} // namespace detail

template <class Workloads> measurement measure_cuda_kernel(const run_config& cfg) {
  return measure_device<Workloads>(cfg, stream_choice::own, [work = cfg.work](auto w, auto a, cudaStream_t stream) {
    using W = decltype(w);
    if (a.n == 0) return; // an empty grid is a launch error
    const std::size_t blocks = (a.n + detail::block_size - 1) / detail::block_size;
    if (blocks > std::size_t(INT_MAX)) // gridDim.x's limit
      throw std::runtime_error("cuda::kernel: " + std::to_string(a.n) + " elements need more than 2^31 - 1 blocks");
    W::template with_op<std::remove_pointer_t<decltype(a.out)>>(work, [&](auto op) {
      detail::one_element_per_thread<W::inputs><<<unsigned(blocks), detail::block_size, 0, stream>>>(a, op);
    });
    POLICYBENCH_CUDA_CHECK(cudaGetLastError());
  });
}

// As many blocks as the device holds resident at once (asked of the runtime at the first call, the cold one), fewer
// when the data needs fewer, so that every block stays for the whole loop, with no tail wave.
template <class Workloads> measurement measure_cuda_kernel_grid_stride(const run_config& cfg) {
  return measure_device<Workloads>(
      cfg, stream_choice::own, [work = cfg.work, resident = 0u](auto w, auto a, cudaStream_t stream) mutable {
        using W = decltype(w);
        using T = std::remove_pointer_t<decltype(a.out)>;
        if (a.n == 0) return; // an empty grid is a launch error
        // Checked at the first call, the cold one, with the grid's size: the arrays stay where they are.
        const auto offset = [&](const T* p) { return reinterpret_cast<std::uintptr_t>(p) % 16; };
        if (resident == 0 && (offset(a.in) != offset(a.out) || (a.in2 && offset(a.in2) != offset(a.out))))
          throw std::invalid_argument("cuda::kernel_grid_stride: arrays at different 16-byte offsets");
        const std::size_t per_block =
            std::size_t(detail::block_size) * detail::loads_in_flight * detail::vector16<T>::lanes;
        W::template with_op<T>(work, [&](auto op) {
          const auto kernel = detail::grid_stride_vectorized<W::inputs, T, decltype(op)>;
          if (resident == 0) resident = resident_blocks(kernel, int(detail::block_size));
          const auto blocks = std::min<std::size_t>(resident, (a.n + per_block - 1) / per_block);
          kernel<<<unsigned(blocks), detail::block_size, 0, stream>>>(a, op);
        });
        POLICYBENCH_CUDA_CHECK(cudaGetLastError());
      });
}

} // namespace policybench
