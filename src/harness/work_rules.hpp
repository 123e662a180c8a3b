// A work sweep's rule: from which K a policy is compute-bound (its offload crossover is crossover.hpp's, keyed by K).
#pragma once

#include "harness/crossover.hpp"
#include "harness/result.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace policybench {

/// The time a row is set on the roofline by: a device row's kernel time where it has one, else the host-synchronous
/// median (host rows, thrust::device).
figure roofline_time_s(const result_row& r);

/// The smallest K from which a policy's time per call is more than twice its time at the series' smallest K, at
/// that K and every larger one measured (points in any order; `size` holds K): past it the arithmetic takes longer
/// than moving the bytes did at the smallest K, so the call is bound by compute, not memory. nullopt ("never in
/// this range") when the series is empty or the largest K is not past it. Decided as crossover_size decides, so one
/// noisy point moves the answer up, never down.
std::optional<std::uint64_t> compute_bound_from(std::span<const timing_point> series);

/// One compute_bound_k per policy among a work sweep's ok rows (by roofline_time_s), in the rows' order.
std::vector<compute_bound_k> find_compute_bound(std::span<const result_row> rows);

} // namespace policybench
