// The workload: x -> x + 1, written once as a named function object that both the host and the device can call,
// and the same increment applied K times per element (--work K) as a chain no compiler may fold.
#pragma once

#if !defined(__CUDA_ARCH__)
#include <cmath>
#endif
#include <type_traits>

// nvcc needs __host__ __device__ to call the object from a kernel; g++ must not see those keywords.
#if defined(__CUDACC__)
#define POLICYBENCH_HOST_DEVICE __host__ __device__
#else
#define POLICYBENCH_HOST_DEVICE
#endif

namespace policybench {

/// The user's `a[i] += 1` as a stateless function object: returns x + 1 in the element type T.
/// Stateless and lock-free, so every execution policy may call it, including the unsequenced ones
/// (std::par_unseq allows calls to interleave on one thread; a lock inside would deadlock).
struct increment {
  template <class T> POLICYBENCH_HOST_DEVICE constexpr T operator()(T x) const noexcept { return x + T(1); }
};

/// x * m + 1 as one fused multiply-add (2 FLOPs): vfmadd on a host with FMA units, DFMA/FFMA on the device (nvcc
/// fuses a * b + c by default, --fmad=true); a multiply and an add elsewhere, and IMAD-like pairs for integers.
template <class T> POLICYBENCH_HOST_DEVICE inline T fused_step(T x, T m) noexcept {
#if !defined(__CUDA_ARCH__) && defined(__FMA__)
  if constexpr (std::is_floating_point_v<T>) return std::fma(x, m, T(1));
#endif
  return x * m + T(1);
}

/// The increment applied `steps` times: x <- x * multiplier + 1, each step depending on the one before. With
/// multiplier a run-time 1 (never a constant the compiler can see: with_increment reads it from a volatile) no
/// compiler may replace the chain by x + steps, for integers as for floating point, and the result is exactly
/// x + steps while every value stays in the type's exact range (measure/run_config.hpp checks that before a run).
template <class T> struct increment_chain {
  int steps = 1;
  T multiplier = T(1);
  POLICYBENCH_HOST_DEVICE T operator()(T x) const noexcept {
    for (int j = 0; j < steps; ++j)
      x = fused_step(x, multiplier);
    return x;
  }
};

/// Read once per call of with_increment: the chain's multiplier, 1, that the compiler must load at run time.
inline volatile int runtime_one = 1;

/// Calls f(op) with the function object for `work` (K, >= 1) increments per element of T: increment{} at K = 1,
/// exactly today's call and figures, else increment_chain<T>{K, a run-time 1}.
template <class T, class F> decltype(auto) with_increment(int work, F&& f) {
  if (work == 1) return f(increment{});
  return f(increment_chain<T>{.steps = work, .multiplier = static_cast<T>(runtime_one)});
}

} // namespace policybench
