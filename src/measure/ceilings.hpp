// The ceiling kernels a policy's figure is set against, measured as the policies are (one run_config, time_calls):
// STREAM's copy and scale on the host, a device-to-device copy on the GPU. The in-place ceilings are the policies'
// own measurement around a tuned loop or kernel (policies/ceiling_streams.cpp).
#pragma once

#include "measure/run_config.hpp"

namespace policybench {

/// STREAM Copy b[i] = a[i] (scale: b[i] = 3 a[i]) over one array of cfg.size elements of cfg.type placed as the
/// policies' arrays are (cfg.pages, cfg.first_touch), a and b the two halves of each pinned OpenMP thread's static
/// chunk (oneTBB's threads, unpinned, without OpenMP), so the run's peak memory stays one array. bytes_per_call:
/// 2 x sizeof(T) x the elements one call writes, STREAM's counting (about cfg.bytes_per_call() / 2). Validated
/// exactly: every first half still holds its initial values and every second half their copy (or triple).
/// Throws std::bad_alloc.
measurement measure_host_copy_stream(const run_config& cfg, bool scale);

#if POLICYBENCH_HAVE_CUDA
/// cudaMemcpyAsync device-to-device of cfg.size x sizeof(T) bytes (read + write: the rows' bytes), for reference,
/// timed as the device rows are (device_timing.cuh) after the GPU is woken; validated: the copy equals its source.
measurement measure_device_copy(const run_config& cfg);
#endif

} // namespace policybench
