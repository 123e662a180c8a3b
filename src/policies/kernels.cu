// Hand-written kernels: the seed's @cuda.jit form (one element per thread) and the grid-stride loop that
// sizes the grid to the device instead of to the data. Both apply the same increment object as the one call.
#include "measure/cuda_check.cuh"
#include "measure/device_measure.cuh"
#include "policies/device_policies.hpp"
#include "policybench/increment.hpp"

#include <climits>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace policybench {

namespace {

constexpr unsigned block_size = 256;

// 64-bit index: blockIdx.x * blockDim.x overflows 32 bits beyond 2^32 elements.
template <class T, class Op> __global__ void one_element_per_thread(T* data, std::size_t n, Op op) {
  const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) data[i] = op(data[i]);
}

template <class T, class Op> __global__ void grid_stride_loop(T* data, std::size_t n, Op op) {
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) data[i] = op(data[i]);
}

unsigned blocks_for(std::size_t n) {
  const std::size_t blocks = (n + block_size - 1) / block_size;
  if (blocks > std::size_t(INT_MAX)) // gridDim.x's limit
    throw std::runtime_error("cuda::kernel: " + std::to_string(n) + " elements need more than 2^31 - 1 blocks");
  return unsigned(blocks);
}

// Enough resident blocks to fill every SM once, asked of the runtime on the first call (the cold one).
struct grid_stride_launch {
  unsigned blocks = 0;
  template <class T> void operator()(T* first, std::size_t n, cudaStream_t stream) {
    if (n == 0) return;
    if (blocks == 0) {
      int device = 0, sms = 0, per_sm = 0;
      POLICYBENCH_CUDA_CHECK(cudaGetDevice(&device));
      POLICYBENCH_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
      POLICYBENCH_CUDA_CHECK(
          cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_stride_loop<T, increment>, int(block_size), 0));
      blocks = unsigned(sms * per_sm);
    }
    grid_stride_loop<<<blocks, block_size, 0, stream>>>(first, n, increment{});
    POLICYBENCH_CUDA_CHECK(cudaGetLastError());
  }
};

} // namespace

measurement measure_cuda_kernel(const run_config& cfg) {
  return measure_device(cfg, stream_choice::own, [](auto* first, std::size_t n, cudaStream_t stream) {
    if (n == 0) return; // an empty grid is a launch error
    one_element_per_thread<<<blocks_for(n), block_size, 0, stream>>>(first, n, increment{});
    POLICYBENCH_CUDA_CHECK(cudaGetLastError());
  });
}

measurement measure_cuda_kernel_grid_stride(const run_config& cfg) {
  return measure_device(cfg, stream_choice::own, grid_stride_launch{});
}

} // namespace policybench
