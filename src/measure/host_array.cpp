// Host arrays on 2 MiB boundaries with the page size asked for, their first touch, and the huge pages they got.
#include "measure/host_array.hpp"
#include "measure/host_threads.hpp"
#include "measure/validation.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <new>
#include <string>

namespace policybench {
namespace {

constexpr std::size_t two_mib = std::size_t(2) << 20; // a huge page: the PMD size over 4 KiB pages (x86-64, arm64)

std::size_t round_up(std::size_t bytes, std::size_t to) { return (bytes + to - 1) / to * to; }

} // namespace

host_array::host_array(std::size_t bytes, page_size pages) : bytes_(bytes) {
  if (bytes == 0) return;
  mapped_bytes_ = round_up(bytes, two_mib);
  // PROT_NONE reserves address space only: one huge page of slack to align, and guard pages on both sides.
  mapping_bytes_ = mapped_bytes_ + 2 * two_mib;
  mapping_ = ::mmap(nullptr, mapping_bytes_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping_ == MAP_FAILED) {
    mapping_ = nullptr;
    throw std::bad_alloc();
  }
  const auto base = reinterpret_cast<std::uintptr_t>(mapping_) + std::uintptr_t(::getpagesize());
  data_ = reinterpret_cast<void*>(round_up(base, two_mib));
  if (::mprotect(data_, mapped_bytes_, PROT_READ | PROT_WRITE) != 0) {
    ::munmap(mapping_, mapping_bytes_);
    throw std::bad_alloc();
  }
  // Advice only: a kernel without transparent huge pages refuses it, and the array then has small pages.
  ::madvise(data_, mapped_bytes_, pages == page_size::huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
}

host_array::~host_array() {
  if (mapping_) ::munmap(mapping_, mapping_bytes_);
}

std::optional<std::uint64_t> host_array::huge_page_bytes() const {
  if (!data_) return 0;
  std::ifstream smaps("/proc/self/smaps");
  if (!smaps) return std::nullopt;
  const auto first = reinterpret_cast<std::uintptr_t>(data_);
  return anon_huge_page_bytes(smaps, first, first + mapped_bytes_);
}

std::uint64_t anon_huge_page_bytes(std::istream& smaps, std::uintptr_t first, std::uintptr_t last) {
  std::uint64_t total = 0, kib = 0;
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    std::uintptr_t begin = 0, end = 0;
    char space = 0; // a mapping's header, "7f12a4000000-7f12a4a00000 rw-p ...", not a field line
    if (std::sscanf(line.c_str(), "%" SCNxPTR "-%" SCNxPTR "%c", &begin, &end, &space) == 3 && space == ' ')
      inside = first <= begin && end <= last;
    else if (inside && std::sscanf(line.c_str(), "AnonHugePages: %" SCNu64, &kib) == 1)
      total += kib * 1024;
  }
  return total;
}

template <class T> void first_touch_fill(T* data, std::size_t n, host_threading threads) {
  for_each_static_chunk(n, threads, [data](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i)
      data[i] = expected_value<T>(i, 0);
  });
}

template void first_touch_fill(float*, std::size_t, host_threading);
template void first_touch_fill(double*, std::size_t, host_threading);
template void first_touch_fill(std::int32_t*, std::size_t, host_threading);
template void first_touch_fill(std::int64_t*, std::size_t, host_threading);

} // namespace policybench
