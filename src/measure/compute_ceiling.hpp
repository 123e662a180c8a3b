// The compute ceiling beside the bandwidth one (the roofline's flat roof): the fused multiply-adds per second a tuned
// kernel reaches, enough independent chains and the full SIMD width, and the theoretical peak where it can be known.
#pragma once

#include "measure/run_config.hpp"

#include <string>

namespace policybench {

/// A compute ceiling's timed calls and what one call does. GFLOP/s = flops_per_call / a call's seconds / 10^9;
/// the ceiling is the fastest call (STREAM's best of N), as for bandwidth.
struct compute_ceiling {
  timed_calls calls;
  double flops_per_call = 0;   ///< 2 per fused multiply-add
  double peak_gflop_per_s = 0; ///< theoretical: units x clock x lanes x 2 FLOPs x FMA pipes; 0 when unknown
  /// One line each: how the kernel keeps the units busy, and where the peak came from.
  std::string kernel = {}, peak_how = {};
};

/// FLOP/s of a ceiling's fastest call in GFLOP/s (10^9 FLOP/s); 0 without timed calls.
double best_gflop_per_s(const compute_ceiling& c);

/// Host: on every allowed OpenMP thread (pinned as for the bandwidth ceilings; oneTBB's without OpenMP), 12
/// independent chains of x <- x * m + 1 in vectors of the widest SIMD width this build targets, m a run-time 1, for
/// cfg.type (integer types: multiply-add pairs). 2 warm-up and 10 timed calls of a fixed amount of work.
/// `threads` x `cpu_mhz` (0: unknown) give the peak, assuming two FMA pipes per core.
compute_ceiling measure_host_compute_ceiling(element_type type, int threads, double cpu_mhz);

/// FP64 and FP32 fused multiply-adds per SM per clock of a compute capability (NVIDIA's architecture whitepapers:
/// 32 and 64 on sm_70 and sm_80, 64 and 128 on sm_90), 0 where the table does not know it; integers 0.
int device_fma_per_sm_per_clock(int compute_capability, element_type type) noexcept;

#if POLICYBENCH_HAVE_CUDA
/// Device: a resident grid of 256-thread blocks, each thread 8 independent chains of x <- x * m + 1 (DFMA/FFMA),
/// timed as the device rows are (device_timing.cuh, cfg's hold_stream), 2 warm-up and 10 timed calls; the peak from
/// the SM count, clock and device_fma_per_sm_per_clock. Throws std::runtime_error on a CUDA error.
compute_ceiling measure_device_compute_ceiling(const run_config& cfg, int sm_count, int sm_clock_khz,
                                               int compute_capability);
#endif

} // namespace policybench
