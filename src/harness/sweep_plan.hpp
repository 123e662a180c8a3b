// What a sweep varies and over which range (the plan the command line hands to the harness), and its points:
// element counts on a geometric series capped by memory, host thread counts, K.
#pragma once

#include "machine/host_info.hpp"
#include "measure/enum_names.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace policybench {

/// One run (none), a series of element counts (size), of host thread limits (threads) or of increments per
/// element (work, K).
enum class sweep_kind { none, size, threads, work };

/// --sweep's words (none is no sweep: not a word --sweep takes).
inline constexpr enum_name<sweep_kind> sweep_kind_names[] = {
    {sweep_kind::size, "size"}, {sweep_kind::threads, "threads"}, {sweep_kind::work, "work"}};

/// A size sweep runs plan_size_series(min_size, max_size); a thread sweep thread_series(logical cores); a work
/// sweep work_series(min_work, max_work).
struct sweep_plan {
  sweep_kind kind = sweep_kind::size;
  std::uint64_t min_size = 1'000;         ///< smallest element count of a size sweep
  std::uint64_t max_size = 1'000'000'000; ///< largest element count a size sweep may reach
  int min_work = 1, max_work = 1024;      ///< a work sweep's first K and the largest it may reach
};

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

/// A point of a `kind` sweep as its progress, warnings and stop reasons name it: "31623 elements", "2 threads",
/// "K = 8".
std::string point_name(sweep_kind kind, std::uint64_t size, int threads, int work);

/// Host thread counts of a thread sweep: 1, 2, 4, ... below `logical_cores`, then logical_cores itself
/// (e.g. 6 -> 1, 2, 4, 6). {1} when logical_cores < 2.
std::vector<int> thread_series(int logical_cores);

/// K of a work sweep: min_work, then the powers of 2 above it up to max_work, then max_work itself when it is not
/// one (1, 1024 -> 1, 2, 4, ..., 1024; 3, 20 -> 3, 4, 8, 16, 20). Needs 1 <= min_work <= max_work.
std::vector<int> work_series(int min_work, int max_work);

} // namespace policybench
