// The device's ceilings beside its in-place kernel. Every thread of the FMA grid runs independent chains, so the warp
// schedulers always have a ready FMA.
#include "measure/ceilings.hpp"
#include "measure/device_measure.cuh"
#include "policybench/increment.hpp"

#include <thrust/equal.h>

#include <cstddef>
#include <string>

namespace policybench {
namespace {

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

measurement measure_device_copy(const run_config& cfg) {
  return visit_element_type(cfg.type, [&]<class T>() {
    const std::size_t n = cfg.size, bytes = n * sizeof(T);
    const cuda_stream stream = make_stream();
    const device_array<T> source = allocate_device<T>(n), destination = allocate_device<T>(n);
    wake_gpu(source.get(), bytes, stream.get(), cfg.device_warmup_s);
    if (n > 0) thrust::tabulate(thrust::cuda::par.on(stream.get()), source.get(), source.get() + n, initial_value<T>{});
    measurement m = time_device_work(cfg, stream.get(), [&](cudaStream_t s) {
      if (bytes > 0)
        POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(destination.get(), source.get(), bytes, cudaMemcpyDeviceToDevice, s));
    });
    if (n > 0 && !thrust::equal(thrust::cuda::par.on(stream.get()), source.get(), source.get() + n, destination.get()))
      m.validation_error = "the copy differs from its source";
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
