// A host array placed as the run asks: 2 MiB-aligned pages from mmap, huge or small, first touched by the threads
// that will update it; and what the kernel really gave (huge-page bytes from /proc/self/smaps).
#pragma once

#include "measure/placement.hpp"

#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>

namespace policybench {

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
