// Host thread control (host_threads.hpp) over OpenMP's threads, oneTBB's, or the calling thread alone.
#include "measure/host_threads.hpp"

#include "measure/seconds.hpp"
#include "measure/thread_clocks.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_for.h>

#include <pthread.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace policybench {

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

} // namespace policybench
