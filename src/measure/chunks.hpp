// Splits of an index range [0, n) over a policy's threads: static (one contiguous chunk per thread, the same every
// call, as STREAM's schedule(static)) and dynamic (fixed-size chunks taken by whichever thread is free next).
#pragma once

#include "measure/host_array.hpp"
#include "policybench/increment.hpp"

#include <cstddef>
#include <functional>

namespace policybench {

/// Calls body(begin, end) on contiguous chunks that partition [0, n) and returns when all are done. The split is
/// static, the same for every call with the same thread count: one chunk per OpenMP thread (as schedule(static);
/// one thread when built without OpenMP), oneTBB's static_partitioner over the current arena's threads, or one
/// chunk on the calling thread. n = 0 calls nothing.
void for_each_static_chunk(std::size_t n, host_threading threads,
                           const std::function<void(std::size_t, std::size_t)>& body);

/// Calls body(begin, end) on chunks of `chunk` elements (the last one shorter) that partition [0, n), each chunk
/// taken by whichever thread is free next: OpenMP's schedule(dynamic), oneTBB's simple_partitioner, or in order on
/// the calling thread. A thread slowed by the machine then does less of the work. n = 0 calls nothing.
void for_each_dynamic_chunk(std::size_t n, std::size_t chunk, host_threading threads,
                            const std::function<void(std::size_t, std::size_t)>& body);

/// The policies' update a[i] = a[i] + 1 over [begin, end) of `a`, as a chunk body: the loop the in-place ceilings
/// and the regime probe stream.
template <class T> auto in_place_update(T* a) {
  return [a](std::size_t begin, std::size_t end) {
    const increment op;
    for (std::size_t i = begin; i < end; ++i)
      a[i] = op(a[i]);
  };
}

} // namespace policybench
