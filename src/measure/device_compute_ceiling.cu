// The device's compute ceiling: a resident grid whose every thread runs independent FMA chains, so that the warp
// schedulers always have a ready FMA (a GPU hides one chain's latency with other warps; this hides it with both).
#include "measure/compute_ceiling.hpp"
#include "measure/cuda_check.cuh"
#include "measure/cuda_handles.cuh"
#include "measure/device_timing.cuh"
#include "measure/gpu_warmup.cuh"
#include "policybench/increment.hpp"

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

compute_ceiling measure_device_compute_ceiling(const run_config& cfg, int sm_count, int sm_clock_khz,
                                               int compute_capability) {
  return visit_element_type(cfg.type, [&]<class T>() {
    const cuda_stream stream = make_stream();
    const device_array<T> out = allocate_device<T>(1);
    int per_sm = 0;
    POLICYBENCH_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fma_chains<T>, compute_block, 0));
    const unsigned blocks = unsigned(sm_count * per_sm) * 4; // four resident waves: the tail is a quarter
    wake_gpu(out.get(), sizeof(T), stream.get(), cfg.device_warmup_s);
    run_config timed = cfg;
    timed.warmup = 2, timed.reps = 10, timed.min_time_s = 0, timed.max_noise = 0, timed.keep_disturbed = true;
    const T m = static_cast<T>(runtime_one);
    device_timer timer(timed);
    const auto work = [&](cudaStream_t s) {
      fma_chains<T><<<blocks, compute_block, 0, s>>>(m, out.get());
      POLICYBENCH_CUDA_CHECK(cudaGetLastError());
    };
    compute_ceiling c;
    c.calls = time_calls(timed, [&] { return timed_device_call(timer, stream.get(), work); });
    c.flops_per_call = 2.0 * compute_chains * compute_steps * double(blocks) * compute_block;
    c.kernel = std::to_string(blocks) + " blocks x " + std::to_string(compute_block) + " threads x " +
               std::to_string(compute_chains) + " independent FMA chains";
    const int fma = device_fma_per_sm_per_clock(compute_capability, cfg.type);
    if (fma > 0 && sm_clock_khz > 0) {
      c.peak_gflop_per_s = double(sm_count) * sm_clock_khz * 1e-6 * fma * 2.0;
      c.peak_how = std::to_string(sm_count) + " SMs x " + std::to_string(sm_clock_khz / 1000) + " MHz x " +
                   std::to_string(fma) + " FMA/SM/clock x 2 FLOPs (sm_" + std::to_string(compute_capability) + ")";
    }
    return c;
  });
}

} // namespace policybench
