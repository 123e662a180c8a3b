// Where a sweep's series crosses: the size (or K) from which one policy beats another, the K from which a policy is
// compute-bound; one search over the points for both.
#pragma once

#include "harness/result.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace policybench {

/// One policy's time at one point of a sweep.
struct timing_point {
  std::uint64_t size = 0;          ///< the point: element count (a size sweep) or K (a work sweep)
  double seconds = 0;              ///< median time of one call
  std::string policy;              ///< who took that time (for a "best of" series, the fastest policy at that size)
  const result_row* row = nullptr; ///< the row it was read from (none in a series made up from others)
};

/// The crossover: the smallest element count from which `challenger` is strictly faster than `baseline` at that
/// size and at every larger size both were measured at. Sizes only one side measured are ignored; points may
/// come in any order. std::nullopt ("never in this range") when there is no common size or the challenger does
/// not win at the largest one. So noise that makes the challenger lose at one size moves the crossover above
/// that size: "from S on" always means "at every measured size from S up".
std::optional<std::uint64_t> crossover_size(std::span<const timing_point> challenger,
                                            std::span<const timing_point> baseline);

/// The crossovers of a size sweep (or, by_work, of a work sweep, keyed by K: axis "work") from its ok rows, in this
/// order: "par_unseq_vs_loop" (host-synchronous medians), "gpu_vs_cpu_kernel" (the fastest device policy by
/// kernel_median_s against the fastest host policy by median_s, at each point), "gpu_vs_cpu_end_to_end"
/// (e2e_pageable_median_s) and "gpu_vs_cpu_end_to_end_pinned": in a work sweep THE offload crossover, the smallest K
/// from which the device, data on the host in pinned memory and copies included, beats the best host policy.
std::vector<crossover> find_crossovers(std::span<const result_row> rows, bool by_work = false);

/// The smallest K from which a policy's time per call is more than twice its time at the series' smallest K, at
/// that K and every larger one measured (points in any order; `size` holds K): past it the arithmetic takes longer
/// than moving the bytes did at the smallest K, so the call is bound by compute, not memory. nullopt ("never in
/// this range") when the series is empty or the largest K is not past it. Decided as crossover_size decides, so one
/// noisy point moves the answer up, never down.
std::optional<std::uint64_t> compute_bound_from(std::span<const timing_point> series);

/// One compute_bound_k per policy among a work sweep's ok policy rows (by roofline_time_s), in the rows' order.
std::vector<compute_bound_k> find_compute_bound(std::span<const result_row> rows);

} // namespace policybench
