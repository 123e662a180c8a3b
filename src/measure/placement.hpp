// Where a host array's pages come from: their size (huge or small) and which threads touch them first.
#pragma once

#include <optional>
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

/// The command-line spellings: "huge", "small"; "parallel", "serial"; "one thread", "oneTBB", "OpenMP".
constexpr std::string_view to_string(page_size p) noexcept { return p == page_size::huge ? "huge" : "small"; }
constexpr std::string_view to_string(first_touch_mode t) noexcept {
  return t == first_touch_mode::parallel ? "parallel" : "serial";
}
constexpr std::string_view to_string(host_threading t) noexcept {
  switch (t) {
  case host_threading::one_thread: return "one thread";
  case host_threading::tbb: return "oneTBB";
  case host_threading::openmp: break;
  }
  return "OpenMP";
}

/// Parses to_string()'s spelling; std::nullopt for anything else.
constexpr std::optional<page_size> parse_page_size(std::string_view s) noexcept {
  if (s == "huge") return page_size::huge;
  if (s == "small") return page_size::small;
  return std::nullopt;
}
constexpr std::optional<first_touch_mode> parse_first_touch(std::string_view s) noexcept {
  if (s == "parallel") return first_touch_mode::parallel;
  if (s == "serial") return first_touch_mode::serial;
  return std::nullopt;
}

/// The threads that first touch a policy's array: its own threading, or one thread when `touch` is serial.
constexpr host_threading touch_threading(first_touch_mode touch, host_threading policy) noexcept {
  return touch == first_touch_mode::serial ? host_threading::one_thread : policy;
}

} // namespace policybench
