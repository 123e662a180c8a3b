// Where a host array's pages come from: 2 MiB-aligned pages from mmap, huge or small, first touched by the threads
// that will update it; and what the kernel really gave (huge-page bytes from /proc/self/smaps).
#pragma once

#include "measure/enum_names.hpp"

#include <cstddef>
#include <cstdint>
#include <istream>
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

/// `bytes` bytes of fresh, untouched memory at a 2 MiB boundary, its own mapping (guard regions on both sides keep
/// the kernel from merging it with a neighbour), advised MADV_HUGEPAGE or MADV_NOHUGEPAGE per `pages`. Whether huge
/// pages arrive is the kernel's choice at first touch (transparent-huge-page mode, fragmentation): ask
/// huge_page_bytes() afterwards. 0 bytes maps nothing. Throws std::bad_alloc when mmap or mprotect fails.
class host_array {
public:
  host_array(std::size_t bytes, page_size pages);
  ~host_array();
  host_array(const host_array&) = delete;
  host_array& operator=(const host_array&) = delete;

  template <class T> T* data() const noexcept { return static_cast<T*>(data_); } ///< nullptr for 0 bytes
  std::size_t bytes() const noexcept { return bytes_; }
  /// Bytes of the array backed by transparent huge pages now (AnonHugePages of its mapping); std::nullopt when
  /// /proc/self/smaps cannot be read (no /proc, no file descriptor left): unknown, not "none".
  std::optional<std::uint64_t> huge_page_bytes() const;

private:
  void* mapping_ = nullptr;
  std::size_t mapping_bytes_ = 0;
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  std::size_t mapped_bytes_ = 0; ///< bytes_ rounded up to 2 MiB: the read-write part of the mapping
};

/// Sums "AnonHugePages:" (kB, returned in bytes) over the mappings of a /proc/PID/smaps listing that lie wholly in
/// [first, last): one host_array's mapping, even where the kernel split it. Malformed lines are skipped.
std::uint64_t anon_huge_page_bytes(std::istream& smaps, std::uintptr_t first, std::uintptr_t last);

/// Sets element i of data[0, n) to expected_value<T>(i, 0) (i mod 1024), in contiguous chunks split statically over
/// `threads` (for_each_static_chunk): the first touch that places each page. Defined for float, double,
/// std::int32_t and std::int64_t.
template <class T> void first_touch_fill(T* data, std::size_t n, host_threading threads);

} // namespace policybench
