// The ceilings a policy's figure is set against, timed like the policies (docs/measurement.md, "Ceilings are rows"):
// STREAM copy and scale, a D2D copy, the compute ceilings and their theoretical peaks (in place: registry.cpp).
#pragma once

#include "measure/run_config.hpp"
#include "policybench/increment.hpp"

#include <string>
#include <string_view>

namespace policybench {

enum class stream_role { policy, ceiling };

/// Where a stream's increment executes (the report's "device" field).
enum class side { host, device };

/// What a ceiling bounds: the rows' bytes (the roofline's slope), their FLOPs (its flat roof), or none (a reference).
enum class ceiling_bound { none, bandwidth, compute };

inline constexpr enum_name<stream_role> stream_role_names[] = {{stream_role::policy, "policy"},
                                                               {stream_role::ceiling, "ceiling"}};
inline constexpr enum_name<ceiling_bound> ceiling_bound_names[] = {
    {ceiling_bound::none, "none"}, {ceiling_bound::bandwidth, "bandwidth"}, {ceiling_bound::compute, "compute"}};
inline constexpr enum_name<side> side_names[] = {{side::host, "host"}, {side::device, "device"}};
constexpr std::string_view to_string(stream_role r) noexcept { return name_in(stream_role_names, r); }
constexpr std::string_view to_string(ceiling_bound b) noexcept { return name_in(ceiling_bound_names, b); }
constexpr std::string_view to_string(side s) noexcept { return name_in(side_names, s); }

/// The threading the host ceilings run on: OpenMP where built with it (the threads can be pinned), else oneTBB.
host_threading ceiling_threading() noexcept;

/// STREAM Copy b[i] = a[i] (scale: b[i] = 3 a[i]), a and b the two halves of each ceiling thread's static chunk of one
/// placed array (host_measure.cpp says why); bytes_per_call: 2 x sizeof(T) x the elements one call writes.
measurement measure_host_copy_stream(const run_config& cfg, bool scale);

/// A fixed amount of FMA chains x <- x * m + 1 (m a run-time 1) in the widest SIMD vectors, on every ceiling thread.
measurement measure_host_compute(const run_config& cfg);

/// A theoretical peak in GFLOP/s (10^9 FLOP/s) and where it came from; 0 and "" when unknown.
struct compute_peak {
  double gflop_per_s = 0;
  std::string how = "";
};

/// `threads` x `cpu_mhz` x the SIMD lanes of `type` x 2 FLOPs x 2 FMA pipes (assumed); none without a clock.
compute_peak host_compute_peak(element_type type, int threads, double cpu_mhz);

/// sm_count x the SM clock x the FMAs per SM per clock of `compute_capability` (NVIDIA's whitepapers) x 2 FLOPs;
/// none where one is unknown (integer types, another architecture).
compute_peak device_compute_peak(element_type type, int sm_count, int sm_clock_khz, int compute_capability);

/// cudaMemcpyAsync device to device of the rows' bytes, timed as the device rows are.
measurement measure_device_copy(const run_config& cfg);

/// Four resident waves of 256-thread blocks, each thread 8 independent FMA chains, timed as the device rows are.
measurement measure_device_compute(const run_config& cfg);

} // namespace policybench
