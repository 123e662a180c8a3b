// The points of a sweep: element counts on a geometric series capped by memory, host thread counts.
#pragma once

#include "machine/memory.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace policybench {

/// A size sweep's element counts and why the series ends where it does.
struct size_series {
  std::vector<std::uint64_t> sizes; ///< ascending element counts
  std::string stop_reason;          ///< one line: the --max-size bound, or the memory the next size would need
};

/// Element counts min_size x sqrt(10)^k for k = 0, 1, 2, ..., rounded to whole elements (1000, 3162, 10000,
/// 31623, ...: two points per decade, as pSTL-Bench and STREAM sweeps use), while they are <= max_size and fit in
/// `limits` (memory_shortfall: one host array, two device arrays of `element_bytes`-byte elements). `sizes` is empty
/// when min_size itself does not fit; stop_reason then says why. Needs 1 <= min_size <= max_size.
size_series plan_size_series(std::uint64_t min_size, std::uint64_t max_size, std::size_t element_bytes,
                             const memory_limits& limits);

/// Host thread counts of a thread sweep: 1, 2, 4, ... below `logical_cores`, then logical_cores itself
/// (e.g. 6 -> 1, 2, 4, 6). {1} when logical_cores < 2.
std::vector<int> thread_series(int logical_cores);

/// K of a work sweep: min_work, then the powers of 2 above it up to max_work, then max_work itself when it is not
/// one (1, 1024 -> 1, 2, 4, ..., 1024; 3, 20 -> 3, 4, 8, 16, 20). Needs 1 <= min_work <= max_work.
std::vector<int> work_series(int min_work, int max_work);

} // namespace policybench
