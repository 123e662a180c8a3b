// The splits of [0, n) over a policy's threads: static (one contiguous chunk per thread) and dynamic (chunks of a
// fixed size), each index exactly once, with every threading.
#include <doctest/doctest.h>

#include "measure/host_measure.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <vector>

using namespace policybench;

namespace {

constexpr host_threading every_threading[] = {host_threading::one_thread, host_threading::tbb, host_threading::openmp};

} // namespace

TEST_CASE("for_each_static_chunk covers 0..n-1 once, in contiguous chunks") {
  for (const host_threading threads : every_threading)
    for (const std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(7), std::size_t(100'003)}) {
      std::vector<int> hits(n, 0);
      std::atomic<bool> empty_chunk{false}; // doctest's CHECK is not for worker threads
      for_each_static_chunk(n, threads, [&](std::size_t begin, std::size_t end) {
        if (begin >= end) empty_chunk = true;
        for (std::size_t i = begin; i < end; ++i)
          ++hits[i]; // disjoint chunks: no two threads share an i
      });
      CHECK_FALSE(empty_chunk);
      CHECK(std::count(hits.begin(), hits.end(), 1) == std::ptrdiff_t(n));
    }
}

TEST_CASE("for_each_dynamic_chunk covers 0..n-1 once, in chunks of the given size") {
  for (const host_threading threads : every_threading)
    for (const std::size_t chunk : {std::size_t(0), std::size_t(1), std::size_t(64), std::size_t(1'000'000)})
      for (const std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(7), std::size_t(100'003)}) {
        CAPTURE(n);
        CAPTURE(chunk);
        std::vector<int> hits(n, 0);
        std::atomic<bool> misplaced{false};                       // doctest's CHECK is not for worker threads
        const std::size_t size = std::max<std::size_t>(chunk, 1); // 0 is taken as 1
        for_each_dynamic_chunk(n, chunk, threads, [&](std::size_t begin, std::size_t end) {
          if (begin % size != 0 || end - begin != std::min(size, n - begin)) misplaced = true;
          for (std::size_t i = begin; i < end; ++i)
            ++hits[i];
        });
        CHECK_FALSE(misplaced);
        CHECK(std::count(hits.begin(), hits.end(), 1) == std::ptrdiff_t(n));
      }
}
