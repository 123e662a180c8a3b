// The two host rows that do not go through the one call: the user's own loop, and oneTBB written by hand (what
// std::par compiles down to in libstdc++, without the PSTL layer). Both apply the same increment object.
#pragma once

#include "policybench/increment.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include <cstddef>

namespace policybench {

/// `for (...) a[i] = a[i] + 1` on one thread (K increments per element: with_increment's op): every speedup is
/// measured against it.
struct plain_loop {
  template <class T> void operator()(T* first, T* last, int work) const {
    with_increment<T>(work, [=](auto op) {
      for (T* it = first; it != last; ++it)
        *it = op(*it);
    });
  }
};

/// tbb::parallel_for over index ranges chosen by oneTBB's auto_partitioner.
struct tbb_parallel_loop {
  template <class T> void operator()(T* first, T* last, int work) const {
    const auto n = static_cast<std::size_t>(last - first);
    with_increment<T>(work, [=](auto op) {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), [first, op](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t i = r.begin(); i != r.end(); ++i)
          first[i] = op(first[i]);
      });
    });
  }
};

} // namespace policybench
