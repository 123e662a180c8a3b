// host_measure.hpp's out-of-line parts: host thread control over OpenMP, oneTBB or the calling thread; host arrays;
// and the host's ceilings of ceilings.hpp.
#include "measure/host_measure.hpp"
#include "measure/ceilings.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace policybench {
namespace {

constexpr std::size_t two_mib = std::size_t(2) << 20; // a huge page: the PMD size over 4 KiB pages (x86-64, arm64)

std::size_t round_up(std::size_t bytes, std::size_t to) { return (bytes + to - 1) / to * to; }

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

host_thread_limit::host_thread_limit(std::optional<int> threads) {
  if (!threads) return;
  if (*threads < 1) throw std::invalid_argument("--threads must be at least 1, got " + std::to_string(*threads));
  tbb_limit_.emplace(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(*threads));
#if defined(_OPENMP)
  omp_previous_ = omp_get_max_threads();
  omp_set_num_threads(*threads);
#endif
}

host_thread_limit::~host_thread_limit() {
#if defined(_OPENMP)
  if (tbb_limit_) omp_set_num_threads(omp_previous_);
#endif
}

int host_concurrency() {
  return static_cast<int>(tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism));
}

int openmp_team_size([[maybe_unused]] std::optional<int> threads) {
#if defined(_OPENMP)
  return std::min(threads.value_or(omp_get_max_threads()), omp_get_thread_limit());
#else
  return 1;
#endif
}

bool release_tbb_workers() {
  tbb::task_scheduler_handle handle{tbb::attach{}};
  return tbb::finalize(handle, std::nothrow);
}

double wait_for_idle_threads(double max_wait_s) {
  const auto start = steady_clock::now();
  for (;;) {
    const double cpu_s = process_cpu_seconds();
    const auto slice_start = steady_clock::now();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const double slice_s = seconds_since(slice_start);
    if (process_cpu_seconds() - cpu_s < 0.1 * slice_s || seconds_since(start) >= max_wait_s)
      return seconds_since(start);
  }
}

pinned_openmp_threads::pinned_openmp_threads() {
#if defined(_OPENMP)
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0) return;
  std::vector<int> cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &allowed)) cpus.push_back(cpu);
  if (cpus.empty()) return;
#pragma omp parallel
  {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpus[std::size_t(omp_get_thread_num()) % cpus.size()], &one);
    pthread_setaffinity_np(pthread_self(), sizeof(one), &one);
  }
  allowed_ = allowed;
#endif
}

pinned_openmp_threads::~pinned_openmp_threads() {
#if defined(_OPENMP)
  if (!allowed_) return;
#pragma omp parallel
  pthread_setaffinity_np(pthread_self(), sizeof(*allowed_), &*allowed_);
#endif
}

void for_each_static_chunk(std::size_t n, host_threading threads,
                           const std::function<void(std::size_t, std::size_t)>& body) {
  if (n == 0) return;
  if (threads == host_threading::tbb) {
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, n),
        [&](const tbb::blocked_range<std::size_t>& r) { body(r.begin(), r.end()); }, tbb::static_partitioner{});
    return;
  }
#if defined(_OPENMP)
  if (threads == host_threading::openmp) {
#pragma omp parallel
    {
      const auto t = std::size_t(omp_get_thread_num()), team = std::size_t(omp_get_num_threads());
      if (n * t / team < n * (t + 1) / team) body(n * t / team, n * (t + 1) / team);
    }
    return;
  }
#endif
  body(0, n);
}

void for_each_dynamic_chunk(std::size_t n, std::size_t chunk, host_threading threads,
                            const std::function<void(std::size_t, std::size_t)>& body) {
  if (n == 0) return;
  chunk = std::max<std::size_t>(chunk, 1);
  const std::size_t chunks = (n + chunk - 1) / chunk;
  const auto run = [&](std::size_t c) { body(c * chunk, std::min(n, (c + 1) * chunk)); };
  if (threads == host_threading::tbb) {
    tbb::parallel_for(std::size_t(0), chunks, run, tbb::simple_partitioner{}); // one task per chunk
    return;
  }
#if defined(_OPENMP)
  if (threads == host_threading::openmp) {
#pragma omp parallel for schedule(dynamic, 1)
    for (std::size_t c = 0; c < chunks; ++c)
      run(c);
    return;
  }
#endif
  for (std::size_t c = 0; c < chunks; ++c)
    run(c);
}

host_array::host_array(std::size_t bytes, page_size pages) : bytes_(bytes) {
  if (bytes == 0) return;
  mapped_bytes_ = round_up(bytes, two_mib);
  // PROT_NONE reserves address space only: one huge page of slack to align, and guard pages on both sides.
  mapping_bytes_ = mapped_bytes_ + 2 * two_mib;
  mapping_ = ::mmap(nullptr, mapping_bytes_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping_ == MAP_FAILED) {
    mapping_ = nullptr;
    throw std::bad_alloc();
  }
  const auto base = reinterpret_cast<std::uintptr_t>(mapping_) + std::uintptr_t(::getpagesize());
  data_ = reinterpret_cast<void*>(round_up(base, two_mib));
  if (::mprotect(data_, mapped_bytes_, PROT_READ | PROT_WRITE) != 0) {
    ::munmap(mapping_, mapping_bytes_);
    throw std::bad_alloc();
  }
  // Advice only: a kernel without transparent huge pages refuses it, and the array then has small pages.
  ::madvise(data_, mapped_bytes_, pages == page_size::huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
}

host_array::~host_array() {
  if (mapping_) ::munmap(mapping_, mapping_bytes_);
}

std::optional<std::uint64_t> host_array::huge_page_bytes() const {
  if (!data_) return 0;
  std::ifstream smaps("/proc/self/smaps");
  if (!smaps) return std::nullopt;
  const auto first = reinterpret_cast<std::uintptr_t>(data_);
  return anon_huge_page_bytes(smaps, first, first + mapped_bytes_);
}

std::uint64_t anon_huge_page_bytes(std::istream& smaps, std::uintptr_t first, std::uintptr_t last) {
  std::uint64_t total = 0, kib = 0;
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    std::uintptr_t begin = 0, end = 0;
    char space = 0; // a mapping's header, "7f12a4000000-7f12a4a00000 rw-p ...", not a field line
    if (std::sscanf(line.c_str(), "%" SCNxPTR "-%" SCNxPTR "%c", &begin, &end, &space) == 3 && space == ' ')
      inside = first <= begin && end <= last;
    else if (inside && std::sscanf(line.c_str(), "AnonHugePages: %" SCNu64, &kib) == 1)
      total += kib * 1024;
  }
  return total;
}

host_threading ceiling_threading() noexcept {
#if defined(_OPENMP)
  return host_threading::openmp;
#else
  return host_threading::tbb;
#endif
}

// Each thread copies the first half of its static chunk to the second, so every page stays with the thread that first
// touched it and the run's memory is one array.
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
