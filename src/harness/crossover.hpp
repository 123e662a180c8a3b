// Where parallelism starts to pay: the size from which one policy beats another in a size sweep, and in words.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace policybench {

/// One policy's time at one element count.
struct timing_point {
  std::uint64_t size = 0; ///< element count
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

/// The crossovers of a size sweep from its result rows (the JSON "results" array; rows with status "ok" count):
/// "par_unseq_vs_loop" (std::par_unseq against loop, host-synchronous medians), "gpu_vs_cpu_kernel" (the fastest
/// device policy by kernel_median_s against the fastest host policy by median_s, at each size),
/// "gpu_vs_cpu_end_to_end" (e2e_pageable_median_s against the same) and "gpu_vs_cpu_end_to_end_pinned". Each is
/// {challenger, baseline, view, sizes_compared, from_size (null: never in this range), at_from_size,
/// at_largest_size}; the last two are {size, challenger_policy, challenger_s, baseline_policy, baseline_s} or null.
nlohmann::ordered_json crossovers_json(const nlohmann::ordered_json& results);

/// One plain sentence per crossover of crossovers_json, with the times that decide it.
std::vector<std::string> crossover_summary(const nlohmann::ordered_json& crossovers);

} // namespace policybench
