// Hand-written kernels: the seed's @cuda.jit form (one element per thread, block 256) and what an expert writes
// for a streaming loop (measure/in_place_kernel.cuh).
#include "measure/cuda_check.cuh"
#include "measure/device_measure.cuh"
#include "measure/in_place_kernel.cuh"
#include "policies/device_policies.hpp"
#include "policybench/increment.hpp"

#include <climits>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace policybench {

namespace {

constexpr unsigned block_size = 256; // the seed's @cuda.jit block

// 64-bit index: blockIdx.x * blockDim.x overflows 32 bits beyond 2^32 elements.
template <class T, class Op> __global__ void one_element_per_thread(T* data, std::size_t n, Op op) {
  const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) data[i] = op(data[i]);
}

unsigned blocks_for(std::size_t n) {
  const std::size_t blocks = (n + block_size - 1) / block_size;
  if (blocks > std::size_t(INT_MAX)) // gridDim.x's limit
    throw std::runtime_error("cuda::kernel: " + std::to_string(n) + " elements need more than 2^31 - 1 blocks");
  return unsigned(blocks);
}

} // namespace

measurement measure_cuda_kernel(const run_config& cfg) {
  return measure_device(cfg, stream_choice::own, [work = cfg.work](auto* first, std::size_t n, cudaStream_t stream) {
    if (n == 0) return; // an empty grid is a launch error
    with_increment<std::remove_pointer_t<decltype(first)>>(
        work, [&](auto op) { one_element_per_thread<<<blocks_for(n), block_size, 0, stream>>>(first, n, op); });
    POLICYBENCH_CUDA_CHECK(cudaGetLastError());
  });
}

measurement measure_cuda_kernel_grid_stride(const run_config& cfg) {
  return measure_device(cfg, stream_choice::own, grid_stride_launch{.work = cfg.work});
}

} // namespace policybench
