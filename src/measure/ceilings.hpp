// The bandwidth ceilings a policy's figure is set against: the same bytes streamed in place on the same device (on
// the host a static and a dynamic split over the threads; on the GPU a tuned kernel), with copies beside them.
#pragma once

#include "measure/run_config.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace policybench {

/// The host's ceilings for `cfg`, all on one array of cfg.size elements of cfg.type placed as the policies' arrays
/// are (cfg.pages, cfg.first_touch), the index range split over every allowed OpenMP thread, pinned (oneTBB's
/// threads, unpinned, in a build without OpenMP). Bytes are counted as STREAM does.
struct host_ceilings {
  timed_calls in_place; ///< a[i] = a[i] + 1, the policies' own update: cfg.bytes_per_call() per call, static split
  /// STREAM Copy b[i] = a[i], a and b the two halves of each thread's chunk of the array: copy_bytes_per_call
  timed_calls copy;
  timed_calls scale; ///< STREAM Scale b[i] = 3 a[i] on the same halves: copy_bytes_per_call per call
  /// 2 x sizeof(T) x the elements one copy writes: about cfg.bytes_per_call() / 2 (one element less per odd chunk)
  double copy_bytes_per_call = 0;
  std::uint64_t huge_page_bytes = 0; ///< bytes of the array backed by transparent huge pages
  /// The same update over chunks of one 2 MiB huge page each, handed out as threads free up: faster than the
  /// static split where one core is slowed (a VM's neighbours), slower where pages live on another NUMA node.
  timed_calls in_place_dynamic;
  /// Each round's fastest in-place call of any schedule, in round order (one entry per measure_host_ceilings).
  std::vector<double> round_best_s = {};
  /// The same update by the calling thread alone: what bounds a one-thread row when every core is shared with other
  /// work, and a parallel split must wait at its end for a thread the scheduler took away.
  timed_calls in_place_one_thread = {};
};

/// The fastest call of a stream's timed calls, disturbed or not (none is made faster by other work); 0 without.
double best_call_s(const timed_calls& t);

/// THE host ceiling, as STREAM reports one (best of N): whichever in-place stream (static, dynamic, one thread) made
/// the fastest call over the whole run.
const timed_calls& in_place_ceiling(const host_ceilings& c);

/// Measures host_ceilings with time_calls(cfg) for each of the four. Copy and scale use halves of the one array
/// rather than a second array, so the run's peak memory stays one array. Throws std::bad_alloc.
host_ceilings measure_host_ceilings(const run_config& cfg);

/// The device's ceilings for `cfg`, each timed as the device rows are (device_timing.cuh: held or batched kernel
/// time, cfg's stopping rule). Plain C++, so that the harness holds them without CUDA headers.
struct device_ceilings {
  /// THE device ceiling: the tuned in-place kernel (measure/in_place_kernel.cuh: 16-byte vector accesses, a
  /// resident grid) over size elements of cfg.type, the rows' own update and bytes (cfg.bytes_per_call())
  timed_calls in_place;
  timed_calls copy; ///< cudaMemcpyAsync device-to-device of size x sizeof(T) bytes, for reference
};

#if POLICYBENCH_HAVE_CUDA
/// Measures device_ceilings; std::nullopt without a usable device. Throws std::runtime_error on a CUDA error,
/// device_out_of_memory when device memory runs out.
std::optional<device_ceilings> measure_device_ceilings(const run_config& cfg);
#endif

} // namespace policybench
