// Where parallelism starts to pay: the size from which one policy beats another in a size sweep.
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
  std::uint64_t size = 0; ///< the point: element count (a size sweep) or K (a work sweep)
  double seconds = 0;     ///< median time of one call
  std::string policy;     ///< who took that time (for a "best of" series, the fastest policy at that size)
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

} // namespace policybench
