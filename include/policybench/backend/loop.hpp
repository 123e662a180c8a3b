// policybench::backend::transform for the two host rows that are not a library's policy: the user's own for loop on
// one thread, and tbb::parallel_for over index ranges (what std::par compiles down to in libstdc++, without the PSTL
// layer). Tags, so that they run the same one call as every other policy. Host compilers only.
#pragma once

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include <cstddef>

namespace policybench {

/// `for (i ...) out[i] = op(in[i])` on the calling thread: every speedup is measured against it.
struct loop_policy {};

/// tbb::parallel_for over index ranges chosen by oneTBB's auto_partitioner.
struct tbb_loop_policy {};

namespace backend {

/// out[i] = op(first[i]) for i < last - first, in order, on the calling thread.
template <class InputIt, class OutputIt, class UnaryOp>
OutputIt transform(loop_policy, InputIt first, InputIt last, OutputIt out, UnaryOp op) {
  for (; first != last; ++first, ++out)
    *out = op(*first);
  return out;
}

/// out[i] = op(first[i], first2[i]) for i < last - first, in order, on the calling thread.
template <class InputIt, class InputIt2, class OutputIt, class BinaryOp>
OutputIt transform(loop_policy, InputIt first, InputIt last, InputIt2 first2, OutputIt out, BinaryOp op) {
  for (; first != last; ++first, ++first2, ++out)
    *out = op(*first, *first2);
  return out;
}

/// out[i] = op(first[i]) for i < last - first, the index ranges run by oneTBB's workers.
template <class InputIt, class OutputIt, class UnaryOp>
OutputIt transform(tbb_loop_policy, InputIt first, InputIt last, OutputIt out, UnaryOp op) {
  const auto n = static_cast<std::size_t>(last - first);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), [=](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t i = r.begin(); i != r.end(); ++i)
      out[i] = op(first[i]);
  });
  return out + n;
}

/// out[i] = op(first[i], first2[i]) for i < last - first, the index ranges run by oneTBB's workers.
template <class InputIt, class InputIt2, class OutputIt, class BinaryOp>
OutputIt transform(tbb_loop_policy, InputIt first, InputIt last, InputIt2 first2, OutputIt out, BinaryOp op) {
  const auto n = static_cast<std::size_t>(last - first);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), [=](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t i = r.begin(); i != r.end(); ++i)
      out[i] = op(first[i], first2[i]);
  });
  return out + n;
}

} // namespace backend

} // namespace policybench
