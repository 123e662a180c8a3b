// The host's ceilings beside its in-place streams. STREAM's copy and scale: each thread copies the first half of its
// static chunk to the second, so every page stays with the thread that first touched it and the run's memory is one
// array. The compute ceiling: what the SIMD FMA units reach when nothing waits on memory or on a previous step.
#include "measure/ceilings.hpp"
#include "measure/host_measure.hpp"

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
template <class T> constexpr int lanes = vector_bytes / int(sizeof(T));
// FMA latency x FMA pipes is 4 x 2 = 8 on current x86 cores; 12 covers it and fits AVX2's 16 registers with m and 1.
constexpr int chains = 12;
constexpr int steps_per_unit = 4096;
constexpr std::size_t units_per_call = 1024; // ~20 ms of fp64 FMAs on one AVX-512 core, split over the threads

// One SIMD register of T (GCC's vector extension; an alias template cannot carry the attribute).
template <class T> struct simd { typedef T type __attribute__((vector_size(vector_bytes))); };

// steps_per_unit steps of `chains` vector chains x <- x * m + 1, summed (not dead, and validated). m, a volatile 1
// read at every unit, keeps the values exact and lets no unit's result be computed once for all.
template <class T> T run_unit() {
  const T m = static_cast<T>(runtime_one);
  using vector = typename simd<T>::type;
  vector acc[chains], mv, one;
  for (int l = 0; l < lanes<T>; ++l)
    mv[l] = m, one[l] = T(1);
  for (int c = 0; c < chains; ++c)
    acc[c] = one * T(c);
  for (int s = 0; s < steps_per_unit; ++s)
#pragma GCC unroll 12
    for (int c = 0; c < chains; ++c)
      acc[c] = acc[c] * mv + one; // contracted to one FMA (GCC's default -ffp-contract=fast for C++)
  T sum = 0;
  for (int c = 0; c < chains; ++c)
    for (int l = 0; l < lanes<T>; ++l)
      sum += acc[c][l];
  return sum;
}

} // namespace

host_threading ceiling_threading() noexcept {
#if defined(_OPENMP)
  return host_threading::openmp;
#else
  return host_threading::tbb;
#endif
}

measurement measure_host_copy_stream(const run_config& cfg, bool scale) {
  return visit_element_type(cfg.type, [&]<class T>() {
    const pinned_openmp_threads pinned;
    const T factor = scale ? T(3) : T(1);
    std::atomic<std::uint64_t> written{0};
    auto copy = [&](increment_workload, operands<T> a, int) {
      for_each_static_chunk(cfg.size, ceiling_threading(), [&](std::size_t begin, std::size_t end) {
        const std::size_t half = (end - begin) / 2;
        for (std::size_t i = begin; i < begin + half; ++i)
          a.out[i + half] = factor * a.out[i];
        written.fetch_add(half, std::memory_order_relaxed);
      });
    };
    // The static split is the same for every call: each call wrote the same elements, found again where it wrote them.
    measurement m =
        measure_workload<increment_workload, T>(cfg, ceiling_threading(), copy, [&](const T* a, std::uint64_t) {
          std::atomic<bool> exact{true};
          for_each_static_chunk(cfg.size, ceiling_threading(), [&](std::size_t begin, std::size_t end) {
            const std::size_t half = (end - begin) / 2;
            for (std::size_t i = begin; i < begin + half; ++i)
              if (a[i] != expected_value<T>(i, 0) || a[i + half] != factor * a[i]) exact = false;
          });
          if (exact) return std::optional<std::string>();
          return std::optional(std::string(scale ? "scale" : "copy") + ": an element differs from its source");
        });
    m.bytes_per_call = 2.0 * double(sizeof(T)) * double(written) / double(m.in_place.calls);
    return m;
  });
}

measurement measure_host_compute(const run_config& cfg) {
  return visit_element_type(cfg.type, [&]<class T>() {
    const pinned_openmp_threads pinned;
    std::atomic<long long> sum{0};
    measurement m;
    m.in_place = time_calls(cfg, [&] {
      for_each_static_chunk(units_per_call, ceiling_threading(), [&](std::size_t begin, std::size_t end) {
        long long chunk = 0; // each unit's sum is exact in T; their total in T (float32) might not be
        for (std::size_t u = begin; u < end; ++u)
          chunk += static_cast<long long>(run_unit<T>());
        sum.fetch_add(chunk, std::memory_order_relaxed);
      });
    });
    m.bytes_per_call = 0;
    m.flops_per_call = 2.0 * chains * lanes<T> * double(steps_per_unit) * double(units_per_call);
    // Chain c of each lane starts at c and gains 1 a step: a unit's sum is lanes x (sum of c + chains x steps).
    const long long expected = lanes<T> * (chains * (chains - 1) / 2 + chains * steps_per_unit) *
                               static_cast<long long>(units_per_call * m.in_place.calls);
    if (sum != expected)
      m.validation_error =
          "the chains' sum is " + std::to_string(sum.load()) + ", expected " + std::to_string(expected);
    m.host_threads = ceiling_threading();
    return m;
  });
}

compute_peak host_compute_peak(element_type type, int threads, double cpu_mhz) {
  if (!(cpu_mhz > 0) || threads <= 0) return {};
  return visit_element_type(type, [&]<class T>() {
    return compute_peak{.gflop_per_s = threads * cpu_mhz * 1e-3 * lanes<T> * 2.0 * 2,
                        .how = std::to_string(threads) + " threads x " + std::to_string(int(cpu_mhz)) + " MHz x " +
                               std::to_string(lanes<T>) +
                               " lanes x 2 FLOPs x 2 FMA pipes (assumed; /proc/cpuinfo's clock)"};
  });
}

compute_peak device_compute_peak(element_type type, int sm_count, int sm_clock_khz, int compute_capability) {
  const bool fp64 = type == element_type::float64;
  int fma = 0; // per SM per clock
  if (fp64 || type == element_type::float32) {
    if (compute_capability == 70 || compute_capability == 80) fma = fp64 ? 32 : 64;
    if (compute_capability == 90) fma = fp64 ? 64 : 128;
  }
  if (fma <= 0 || sm_clock_khz <= 0 || sm_count <= 0) return {};
  return {.gflop_per_s = double(sm_count) * sm_clock_khz * 1e-6 * fma * 2.0,
          .how = std::to_string(sm_count) + " SMs x " + std::to_string(sm_clock_khz / 1000) + " MHz x " +
                 std::to_string(fma) + " FMA/SM/clock x 2 FLOPs (sm_" + std::to_string(compute_capability) + ")"};
}

} // namespace policybench
