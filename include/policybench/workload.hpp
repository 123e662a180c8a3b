// The ONE transform call: increment every element in place under any execution policy.
#pragma once

#include "policybench/increment.hpp"

// The overload set must be declared before increment_all: a qualified call binds at its definition.
// nvcc translation units see only the Thrust overload (<execution> stays out of CUDA code).
#if !defined(__CUDACC__)
#include "policybench/backend/std.hpp"
#endif
#include "policybench/backend/thrust.hpp"
// oneDPL only where it is on the include path: each oneDPL backend's translation unit opts in through its target.
#if !defined(__CUDACC__) && __has_include(<oneapi/dpl/execution>)
#include "policybench/backend/onedpl.hpp"
#endif

#include <iterator>
#include <utility>

namespace policybench {

/// Adds `work` (K, >= 1) to each of the last - first elements in [first, last), in place, under `policy`
/// (a std::, thrust:: or oneapi::dpl:: execution policy): once with increment at K = 1, else as K fused steps per
/// element (increment_chain). Throws what the selected transform throws.
template <class Policy, class It> void increment_all(Policy&& policy, It first, It last, int work = 1) {
  with_increment<std::iter_value_t<It>>(
      work, [&](auto op) { backend::transform(std::forward<Policy>(policy), first, last, first, op); });
}

} // namespace policybench
