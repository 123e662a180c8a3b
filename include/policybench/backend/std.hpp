// policybench::backend::transform for C++17 execution policies (std::execution::seq/unseq/par/par_unseq)
// -> std::transform. Host compilers only: <execution> never reaches nvcc.
#pragma once

#include <algorithm>
#include <execution>
#include <type_traits>
#include <utility>

namespace policybench {

namespace backend {

/// Forwards to std::transform(policy, first, last, out, op). Writes last - first elements to out.
/// Qualified on purpose: libstdc++'s policy types live in __pstl::execution::v1 and raw pointers have no
/// associated namespace, so an unqualified call would not find std::transform by ADL.
/// Throws whatever std::transform throws (std::bad_alloc from the parallel backend; an exception escaping
/// op under a parallel policy calls std::terminate, [algorithms.parallel.exceptions]).
template <class Policy, class InputIt, class OutputIt, class UnaryOp>
  requires std::is_execution_policy_v<std::remove_cvref_t<Policy>>
OutputIt transform(Policy&& policy, InputIt first, InputIt last, OutputIt out, UnaryOp op) {
  return std::transform(std::forward<Policy>(policy), first, last, out, op);
}

/// The binary form: out[i] = op(first[i], first2[i]) through std::transform, constrained and qualified alike.
template <class Policy, class InputIt, class InputIt2, class OutputIt, class BinaryOp>
  requires std::is_execution_policy_v<std::remove_cvref_t<Policy>>
OutputIt transform(Policy&& policy, InputIt first, InputIt last, InputIt2 first2, OutputIt out, BinaryOp op) {
  return std::transform(std::forward<Policy>(policy), first, last, first2, out, op);
}

} // namespace backend

/// Which parallel backend libstdc++'s PSTL compiled in: "oneTBB" or "serial". libstdc++ picks TBB only
/// when <tbb/tbb.h> is found at compile time; otherwise std::par and std::par_unseq run sequentially.
constexpr const char* pstl_backend() noexcept {
#if defined(_PSTL_PAR_BACKEND_TBB)
  return "oneTBB";
#else
  return "serial";
#endif
}

} // namespace policybench
