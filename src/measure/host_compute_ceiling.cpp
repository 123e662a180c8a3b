// The host's compute ceiling: what the cores' SIMD FMA units reach when nothing waits on memory or on a previous
// step, the roof a policy's K-step chain is set against (a chain per element is latency-bound unless interleaved).
#include "measure/chunks.hpp"
#include "measure/compute_ceiling.hpp"
#include "measure/host_threads.hpp"
#include "measure/timing.hpp"
#include "policybench/increment.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <string>

namespace policybench {
namespace {

// The widest vector this build's host code may use (cmake/host_isa.cmake): 64 bytes with AVX-512, 32 with AVX.
#if defined(__AVX512F__)
constexpr int vector_bytes = 64;
#elif defined(__AVX__)
constexpr int vector_bytes = 32;
#else
constexpr int vector_bytes = 16;
#endif
// FMA latency x FMA pipes is 4 x 2 = 8 on current x86 cores; 12 covers it and fits AVX2's 16 registers with m and 1.
constexpr int chains = 12;
constexpr int steps_per_unit = 4096;
constexpr std::size_t units_per_call = 1024; // ~20 ms of fp64 FMAs on one AVX-512 core, split over the threads

// One SIMD register of T (GCC's vector extension; an alias template cannot carry the attribute).
template <class T> struct simd { typedef T type __attribute__((vector_size(vector_bytes))); };

// Runs steps_per_unit steps of `chains` independent vector chains x <- x * m + 1 and returns their sum (so the
// work is not dead). m is read from a volatile at every unit, so no unit's result can be computed once for all of
// them, and it is 1, so the values stay exact and no step can be skipped.
template <class T> T run_unit() {
  const T m = static_cast<T>(runtime_one);
  using vector = typename simd<T>::type;
  vector acc[chains], mv, one;
  for (int l = 0; l < int(vector_bytes / sizeof(T)); ++l)
    mv[l] = m, one[l] = T(1);
  for (int c = 0; c < chains; ++c)
    acc[c] = one * T(c);
  for (int s = 0; s < steps_per_unit; ++s)
#pragma GCC unroll 12
    for (int c = 0; c < chains; ++c)
      acc[c] = acc[c] * mv + one; // contracted to one FMA (GCC's default -ffp-contract=fast for C++)
  T sum = 0;
  for (int c = 0; c < chains; ++c)
    for (int l = 0; l < int(vector_bytes / sizeof(T)); ++l)
      sum += acc[c][l];
  return sum;
}

template <class T> compute_ceiling measure_with(int threads, double cpu_mhz) {
  const pinned_openmp_threads pinned;
  constexpr int lanes = vector_bytes / int(sizeof(T));
  run_config cfg{.type = element_type_of<T>, .size = 0, .warmup = 2, .reps = 10};
  cfg.keep_disturbed = true; // a fixed count: best of 10, as STREAM
  std::atomic<long long> sink{0};
  compute_ceiling c;
  c.calls = time_calls(cfg, [&] {
    for_each_static_chunk(units_per_call, ceiling_threading(), [&](std::size_t begin, std::size_t end) {
      T sum = 0;
      for (std::size_t u = begin; u < end; ++u)
        sum += run_unit<T>();
      sink.fetch_add(static_cast<long long>(sum), std::memory_order_relaxed);
    });
  });
  c.flops_per_call = 2.0 * chains * lanes * double(steps_per_unit) * double(units_per_call);
  c.kernel = std::to_string(chains) + " independent chains x " + std::to_string(lanes) + " lanes (" +
             std::to_string(vector_bytes * 8) + "-bit vectors) per thread";
  if (cpu_mhz > 0 && threads > 0) {
    c.peak_gflop_per_s = threads * cpu_mhz * 1e-3 * lanes * 2.0 * 2;
    c.peak_how = std::to_string(threads) + " threads x " + std::to_string(int(cpu_mhz)) + " MHz x " +
                 std::to_string(lanes) + " lanes x 2 FLOPs x 2 FMA pipes (assumed; /proc/cpuinfo's clock)";
  }
  return c;
}

} // namespace

double best_gflop_per_s(const compute_ceiling& c) {
  if (c.calls.warm_s.empty()) return 0;
  return c.flops_per_call / *std::min_element(c.calls.warm_s.begin(), c.calls.warm_s.end()) / 1e9;
}

compute_ceiling measure_host_compute_ceiling(element_type type, int threads, double cpu_mhz) {
  return visit_element_type(type, [&]<class T>() { return measure_with<T>(threads, cpu_mhz); });
}

int device_fma_per_sm_per_clock(int compute_capability, element_type type) noexcept {
  const bool fp64 = type == element_type::float64;
  if (type == element_type::int32 || type == element_type::int64) return 0;
  switch (compute_capability) {
  case 70:
  case 80: return fp64 ? 32 : 64;
  case 90: return fp64 ? 64 : 128;
  default: return 0;
  }
}

} // namespace policybench
