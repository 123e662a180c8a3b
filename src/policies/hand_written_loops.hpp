// The two host rows that do not go through the one call: the user's own loop, and oneTBB written by hand (what
// std::par compiles down to in libstdc++, without the PSTL layer). Both apply the same increment object.
#pragma once

#include "policybench/increment.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include <cstddef>

namespace policybench {

/// `for (...) a[i] = a[i] + 1` on one thread: every speedup is measured against it.
struct plain_loop {
  template <class T> void operator()(T* first, T* last) const {
    const increment op;
    for (T* it = first; it != last; ++it) *it = op(*it);
  }
};

/// tbb::parallel_for over index ranges chosen by oneTBB's auto_partitioner.
struct tbb_parallel_loop {
  template <class T> void operator()(T* first, T* last) const {
    const auto n = static_cast<std::size_t>(last - first);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), [first](const tbb::blocked_range<std::size_t>& r) {
      const increment op;
      for (std::size_t i = r.begin(); i != r.end(); ++i) first[i] = op(first[i]);
    });
  }
};

} // namespace policybench
