// host_array: 2 MiB alignment, huge pages where THP allows and none when small pages are asked for, the smaps
// parser, and first_touch_fill's values with every threading.
#include <doctest/doctest.h>

#include "machine/host_info.hpp"
#include "measure/ceilings.hpp"
#include "measure/host_measure.hpp"
#include "measure/run_config.hpp"
#include "test_sizes.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

using namespace policybench;

namespace {
constexpr std::size_t two_mib = std::size_t(2) << 20;
}

TEST_CASE("a host array starts on a 2 MiB boundary and 0 bytes map nothing") {
  for (const page_size pages : {page_size::huge, page_size::small}) {
    const host_array a(1000, pages);
    CHECK(reinterpret_cast<std::uintptr_t>(a.data<char>()) % two_mib == 0);
    CHECK(a.bytes() == 1000);
  }
  const host_array empty(0, page_size::huge);
  CHECK(empty.data<double>() == nullptr);
  CHECK(empty.huge_page_bytes() == 0);
}

TEST_CASE("huge pages where the kernel's THP mode allows them, small pages give none") {
  const std::size_t bytes = 16 * two_mib;
  const std::string mode = transparent_hugepage_mode();
  const host_array huge(bytes, page_size::huge), small(bytes, page_size::small);
  const auto start = [](std::size_t i) { return expected_value<double>(i, 0); };
  first_touch_fill(huge.data<double>(), bytes / sizeof(double), host_threading::one_thread, start);
  first_touch_fill(small.data<double>(), bytes / sizeof(double), host_threading::one_thread, start);
  CHECK(small.huge_page_bytes() == 0);
  INFO("transparent_hugepage mode: ", mode);
  if (mode == "always" || mode == "madvise")
    CHECK(huge.huge_page_bytes() > 0);
  else
    CHECK(huge.huge_page_bytes() == 0);
  CHECK(huge.huge_page_bytes() <= bytes);
}

TEST_CASE("first_touch_fill writes i mod 1024 with every threading, at every test size") {
  for (const host_threading threads : {host_threading::one_thread, host_threading::tbb, host_threading::openmp})
    for (const std::size_t n : test_sizes(false)) {
      const host_array a(n * sizeof(std::int32_t), page_size::huge);
      first_touch_fill(a.data<std::int32_t>(), n, threads,
                       [](std::size_t i) { return expected_value<std::int32_t>(i, 0); });
      CHECK_MESSAGE(first_wrong<increment_workload>(a.data<std::int32_t>(), n, 0, 1) == n, to_string(threads),
                    " n=", n);
    }
}

TEST_CASE("anon_huge_page_bytes sums the mappings inside the range only") {
  std::istringstream smaps("7f0000000000-7f0000400000 rw-p 00000000 00:00 0 \n"
                           "Size:               4096 kB\n"
                           "AnonHugePages:      4096 kB\n"
                           "7f0000400000-7f0000600000 rw-p 00000000 00:00 0 \n"
                           "AnonHugePages:      2048 kB\n"
                           "7f0000600000-7f0000a00000 rw-p 00000000 00:00 0 \n" // reaches past the range
                           "AnonHugePages:      4096 kB\n"
                           "AnonHugePages:   not a number\n"
                           "55d000000000-55d000001000 r--p 00000000 08:01 42  /usr/bin/policybench\n"
                           "AnonHugePages:         0 kB\n");
  CHECK(anon_huge_page_bytes(smaps, 0x7f0000000000, 0x7f0000800000) == (4096 + 2048) * 1024);
}

TEST_CASE("anon_huge_page_bytes of a range with no mapping, or of an empty listing, is 0") {
  std::istringstream smaps("7f0000000000-7f0000400000 rw-p 00000000 00:00 0 \nAnonHugePages:      4096 kB\n");
  CHECK(anon_huge_page_bytes(smaps, 0x1000, 0x2000) == 0);
  std::istringstream empty("");
  CHECK(anon_huge_page_bytes(empty, 0, UINTPTR_MAX) == 0);
}

TEST_CASE("an OpenMP first touch runs one chunk on each OpenMP thread, as thrust::omp's schedule(static) does") {
  if (ceiling_threading() != host_threading::openmp) return; // built without OpenMP: one thread, nothing to see
  std::mutex m;
  std::set<std::thread::id> threads;
  std::size_t chunks = 0;
  for_each_static_chunk(1000, host_threading::openmp, [&](std::size_t, std::size_t) {
    const std::lock_guard lock(m);
    threads.insert(std::this_thread::get_id());
    ++chunks;
  });
  CHECK(threads.size() == chunks);
  // Without OMP_NUM_THREADS, OpenMP's default team is oneTBB's default concurrency: every CPU the process may use.
  if (!std::getenv("OMP_NUM_THREADS")) CHECK(int(chunks) == host_concurrency());
}
