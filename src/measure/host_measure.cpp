// host_measure.hpp's out-of-line parts: host thread control over OpenMP, oneTBB or the calling thread; host arrays.
#include "measure/host_measure.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
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

} // namespace policybench
