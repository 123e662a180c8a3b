// policybench::backend::transform for Thrust execution policies (thrust::cpp/tbb/omp/device,
// thrust::cuda::par_nosync) -> thrust::transform. Compiles with g++ (host systems, device system TBB) and with
// nvcc (device system CUDA).
#pragma once

#include <thrust/execution_policy.h>
#include <thrust/transform.h>
#include <thrust/type_traits/is_execution_policy.h>

#include <type_traits>
#include <utility>

namespace policybench {

// Not directly in namespace policybench: Thrust dispatches transform(derived_policy, ...) unqualified, and
// increment (or any functor of ours) makes policybench an associated namespace, so ADL would pick this
// exact-match overload over Thrust's own and recurse forever. No type is declared in policybench::backend.
namespace backend {

/// Forwards to thrust::transform(policy, first, last, out, op). Writes last - first elements to out.
/// Throws thrust::system_error (CUDA systems) or std::bad_alloc, as thrust::transform does.
template <class Policy, class InputIt, class OutputIt, class UnaryOp>
  requires thrust::is_execution_policy_v<std::remove_cvref_t<Policy>>
OutputIt transform(Policy&& policy, InputIt first, InputIt last, OutputIt out, UnaryOp op) {
  return thrust::transform(std::forward<Policy>(policy), first, last, out, op);
}

/// The binary form: out[i] = op(first[i], first2[i]) through thrust::transform, constrained and qualified alike.
template <class Policy, class InputIt, class InputIt2, class OutputIt, class BinaryOp>
  requires thrust::is_execution_policy_v<std::remove_cvref_t<Policy>>
OutputIt transform(Policy&& policy, InputIt first, InputIt last, InputIt2 first2, OutputIt out, BinaryOp op) {
  return thrust::transform(std::forward<Policy>(policy), first, last, first2, out, op);
}

} // namespace backend

/// The Thrust device system this translation unit was compiled for: "CUDA", "oneTBB", "OpenMP" or "C++".
constexpr const char* thrust_device_system() noexcept {
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
  return "CUDA";
#elif THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_TBB
  return "oneTBB";
#elif THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_OMP
  return "OpenMP";
#else
  return "C++";
#endif
}

} // namespace policybench
