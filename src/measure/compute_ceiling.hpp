// The compute ceiling beside the bandwidth one (the roofline's flat roof): the fused multiply-adds per second a tuned
// kernel reaches, enough independent chains and the full SIMD width, and the theoretical peak where it can be known.
#pragma once

#include "measure/run_config.hpp"

#include <string>

namespace policybench {

/// A theoretical peak in GFLOP/s (10^9 FLOP/s) and where it came from; 0 and "" when unknown.
struct compute_peak {
  double gflop_per_s = 0;
  std::string how = "";
};

/// Host: on every allowed OpenMP thread (pinned as for the bandwidth ceilings; oneTBB's without OpenMP), 12
/// independent chains of x <- x * m + 1 in vectors of the widest SIMD width this build targets, m a run-time 1, for
/// cfg.type (integer types: multiply-add pairs); a fixed amount of work per call, timed as every stream is
/// (time_calls(cfg)). flops_per_call: 2 per fused multiply-add; no bytes. Validated: the chains' sum is exact.
measurement measure_host_compute(const run_config& cfg);

/// `threads` x `cpu_mhz` x the SIMD lanes of `type` x 2 FLOPs x 2 FMA pipes (assumed); none when cpu_mhz is 0.
compute_peak host_compute_peak(element_type type, int threads, double cpu_mhz);

/// FP64 and FP32 fused multiply-adds per SM per clock of a compute capability (NVIDIA's architecture whitepapers:
/// 32 and 64 on sm_70 and sm_80, 64 and 128 on sm_90), 0 where the table does not know it; integers 0.
int device_fma_per_sm_per_clock(int compute_capability, element_type type) noexcept;

/// sm_count x the SM clock x device_fma_per_sm_per_clock x 2 FLOPs; none where one of them is unknown.
compute_peak device_compute_peak(element_type type, int sm_count, int sm_clock_khz, int compute_capability);

#if POLICYBENCH_HAVE_CUDA
/// Device: a resident grid of 256-thread blocks, four waves deep, each thread 8 independent chains of x <- x * m + 1
/// (DFMA/FFMA), timed as the device rows are (device_timing.cuh, cfg's hold_stream). Throws std::runtime_error on a
/// CUDA error.
measurement measure_device_compute(const run_config& cfg);
#endif

} // namespace policybench
