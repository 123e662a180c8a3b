// The ONE transform call: any workload (policybench/workloads.hpp) under any execution policy, a unary or a binary
// transform; the increment in place is the default and the seed's question.
#pragma once

#include "policybench/workloads.hpp"

// The overload set must be declared before run_workload: a qualified call binds at its definition.
// nvcc translation units see only the Thrust overload (<execution> stays out of CUDA code).
#if !defined(__CUDACC__)
#include "policybench/backend/loop.hpp"
#include "policybench/backend/std.hpp"
#endif
#include "policybench/backend/thrust.hpp"
// oneDPL only where it is on the include path: each oneDPL backend's translation unit opts in through its target.
#if !defined(__CUDACC__) && __has_include(<oneapi/dpl/execution>)
#include "policybench/backend/onedpl.hpp"
#endif

#include <cstddef>
#include <type_traits>
#include <utility>

namespace policybench {

/// One call of workload W over `a` under `policy` (a std::, thrust::, oneapi::dpl:: or backend/loop.hpp policy):
/// out[i] = op(in[i]), or op(in[i], in2[i]) for a two-input workload, with W's op for `work` (K).
/// Throws what the selected transform throws.
template <class W, class Policy, class T> void run_workload(Policy&& policy, operands<T> a, int work = 1) {
  W::template with_op<std::remove_const_t<T>>(work, [&](auto op) {
    if constexpr (W::inputs == 2)
      backend::transform(std::forward<Policy>(policy), a.in, a.in + a.n, a.in2, a.out, op);
    else
      backend::transform(std::forward<Policy>(policy), a.in, a.in + a.n, a.out, op);
  });
}

/// Adds `work` (K, >= 1) to each of the last - first elements in [first, last), in place, under `policy`: the
/// increment workload, once with increment at K = 1, else as K fused steps per element (increment_chain).
template <class Policy, class T> void increment_all(Policy&& policy, T* first, T* last, int work = 1) {
  run_workload<increment_workload>(std::forward<Policy>(policy),
                                   operands<T>{first, first, nullptr, static_cast<std::size_t>(last - first)}, work);
}

} // namespace policybench
