// Where a host array's pages come from: their size (huge or small) and which threads touch them first.
#pragma once

#include "measure/enum_names.hpp"

#include <string_view>

namespace policybench {

/// huge: 2 MiB-aligned, madvise(MADV_HUGEPAGE) (what NumPy asks for on large arrays); small: MADV_NOHUGEPAGE, so
/// 4 KiB pages even when the transparent-huge-page mode is "always".
enum class page_size { huge, small };

/// parallel: each page first written by the thread that later updates it (the policy's own threading), so on a
/// NUMA host it lands on that thread's node, as STREAM initializes; serial: every page written by one thread.
enum class first_touch_mode { parallel, serial };

/// The threads a host policy runs its call on, and so the threads its array's first touch uses.
enum class host_threading { one_thread, tbb, openmp };

/// The command-line spellings (--pages, --first-touch) and the report's words for the threading.
inline constexpr enum_name<page_size> page_size_names[] = {{page_size::huge, "huge"}, {page_size::small, "small"}};
inline constexpr enum_name<first_touch_mode> first_touch_names[] = {{first_touch_mode::parallel, "parallel"},
                                                                    {first_touch_mode::serial, "serial"}};
inline constexpr enum_name<host_threading> host_threading_names[] = {
    {host_threading::one_thread, "one thread"}, {host_threading::tbb, "oneTBB"}, {host_threading::openmp, "OpenMP"}};
constexpr std::string_view to_string(page_size p) noexcept { return name_in(page_size_names, p); }
constexpr std::string_view to_string(first_touch_mode t) noexcept { return name_in(first_touch_names, t); }
constexpr std::string_view to_string(host_threading t) noexcept { return name_in(host_threading_names, t); }

/// The threads that first touch a policy's array: its own threading, or one thread when `touch` is serial.
constexpr host_threading touch_threading(first_touch_mode touch, host_threading policy) noexcept {
  return touch == first_touch_mode::serial ? host_threading::one_thread : policy;
}

} // namespace policybench
