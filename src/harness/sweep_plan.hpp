// What a sweep varies and over which range: the plan the command line hands to the harness.
#pragma once

#include "measure/enum_names.hpp"

#include <cstdint>

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

} // namespace policybench
