// The static and dynamic splits of an index range over OpenMP's threads, oneTBB's, or the calling thread alone.
#include "measure/chunks.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace policybench {

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
