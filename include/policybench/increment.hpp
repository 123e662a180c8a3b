// The workload: x -> x + 1, written once as a named function object that both the host and the device can call.
#pragma once

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

} // namespace policybench
