// policybench::backend::transform for oneDPL's execution policies (oneapi::dpl::execution::seq/unseq/par/par_unseq)
// -> oneapi::dpl::transform. The parallel backend (oneTBB, OpenMP or serial) is fixed per translation unit by
// ONEDPL_USE_TBB_BACKEND and ONEDPL_USE_OPENMP_BACKEND, so one program must not compile this call for two backends
// into code that shares symbols (src/policies/onedpl_library.hpp says how policybench keeps them apart).
#pragma once

#include <oneapi/dpl/algorithm>
#include <oneapi/dpl/execution>

#include <type_traits>
#include <utility>

namespace policybench {

namespace backend {

/// Forwards to oneapi::dpl::transform(policy, first, last, out, op). Writes last - first elements to out.
/// Qualified on purpose: oneDPL's policy types live in oneapi::dpl::execution::v1, and ADL looks there (and in
/// oneapi::dpl::execution), never in oneapi::dpl where transform is declared; raw pointers add no namespace.
/// A separate overload, not std.hpp's: next to libstdc++'s <execution> oneDPL keeps its own policy types, for which
/// std::is_execution_policy_v is false, so exactly one of the constraints holds for any policy.
/// Like thrust.hpp's, it lives in policybench::backend so that no unqualified call inside a library, with
/// increment making policybench an associated namespace, can find it.
/// Throws std::bad_alloc (a temporary buffer); an exception escaping op calls std::terminate.
template <class Policy, class InputIt, class OutputIt, class UnaryOp>
requires oneapi::dpl::execution::is_execution_policy_v<std::remove_cvref_t<Policy>>
    OutputIt transform(Policy&& policy, InputIt first, InputIt last, OutputIt out, UnaryOp op) {
  return oneapi::dpl::transform(std::forward<Policy>(policy), first, last, out, op);
}

/// The binary form: out[i] = op(first[i], first2[i]) through oneapi::dpl::transform, constrained and qualified alike.
template <class Policy, class InputIt, class InputIt2, class OutputIt, class BinaryOp>
requires oneapi::dpl::execution::is_execution_policy_v<std::remove_cvref_t<Policy>>
    OutputIt transform(Policy&& policy, InputIt first, InputIt last, InputIt2 first2, OutputIt out, BinaryOp op) {
  return oneapi::dpl::transform(std::forward<Policy>(policy), first, last, first2, out, op);
}

} // namespace backend

/// The parallel backend oneDPL chose for this translation unit: "oneTBB", "OpenMP" or "serial". Unless told by the
/// macros above, oneDPL picks oneTBB when its headers are found, else OpenMP under -fopenmp, else runs serially.
constexpr const char* onedpl_backend() noexcept {
#if _ONEDPL_PAR_BACKEND_TBB
  return "oneTBB";
#elif _ONEDPL_PAR_BACKEND_OPENMP
  return "OpenMP";
#else
  return "serial";
#endif
}

} // namespace policybench
