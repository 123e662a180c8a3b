// Host thread control: the --threads limit for oneTBB and OpenMP, a fresh oneTBB state for cold calls, pinned
// OpenMP threads, and the splits of an index range [0, n) over a policy's threads: static (one contiguous chunk per
// thread, the same every call, as STREAM's schedule(static)) and dynamic (fixed-size chunks taken by whichever
// thread is free next).
#pragma once

#include "measure/host_array.hpp"

#include <oneapi/tbb/global_control.h>

#include <sched.h>

#include <cstddef>
#include <functional>
#include <optional>

namespace policybench {

/// Limits oneTBB (tbb::global_control max_allowed_parallelism) and OpenMP (omp_set_num_threads) to
/// `threads` while the object lives; std::nullopt leaves both at their defaults. Throws
/// std::invalid_argument when threads is < 1.
class host_thread_limit {
public:
  explicit host_thread_limit(std::optional<int> threads);
  ~host_thread_limit();
  host_thread_limit(const host_thread_limit&) = delete;
  host_thread_limit& operator=(const host_thread_limit&) = delete;

private:
  std::optional<tbb::global_control> tbb_limit_;
  int omp_previous_ = 0;
};

/// Threads a parallel host policy may use now: oneTBB's max_allowed_parallelism under any active limit.
int host_concurrency();

/// The threads an OpenMP parallel region will have (the calling thread included) under `threads`, a limit that
/// host_thread_limit sets (std::nullopt: none), as libgomp resolves a team: that limit, else its nthreads-var
/// (OMP_NUM_THREADS's first value, else the CPUs it may use), at most OMP_THREAD_LIMIT. 1 without OpenMP.
int openmp_team_size(std::optional<int> threads);

/// Stops oneTBB's worker threads (tbb::finalize) so that the next parallel call pays for starting them:
/// the "cold" state. Returns false when oneTBB refused (workers still busy); the next call is then warm.
bool release_tbb_workers();

/// Sleeps in 1 ms slices until one in which this process used under a tenth of a core, or max_wait_s has passed,
/// and returns the seconds waited: a thread pool still spinning after its last parallel region (libgomp's
/// GOMP_SPINCOUNT default spins for milliseconds; oneTBB's workers briefly) would otherwise take a core from the
/// next policy's calls. Measured, not guessed, since the spin time depends on the runtime and its settings.
double wait_for_idle_threads(double max_wait_s = 0.2);

/// While alive, OpenMP thread t is pinned to the (t mod k)-th of the k CPUs the process may run on, as STREAM runs
/// with OMP_PROC_BIND: the thread that first touched a page keeps updating it. The destructor gives every OpenMP
/// thread the process's CPU set back. Does nothing without OpenMP or an affinity mask.
class pinned_openmp_threads {
public:
  pinned_openmp_threads();
  ~pinned_openmp_threads();
  pinned_openmp_threads(const pinned_openmp_threads&) = delete;
  pinned_openmp_threads& operator=(const pinned_openmp_threads&) = delete;

private:
  std::optional<cpu_set_t> allowed_; ///< the process's CPUs, given back by the destructor; nullopt: none pinned
};

/// Calls body(begin, end) on contiguous chunks that partition [0, n) and returns when all are done. The split is
/// static, the same for every call with the same thread count: one chunk per OpenMP thread (as schedule(static);
/// one thread when built without OpenMP), oneTBB's static_partitioner over the current arena's threads, or one
/// chunk on the calling thread. n = 0 calls nothing.
void for_each_static_chunk(std::size_t n, host_threading threads,
                           const std::function<void(std::size_t, std::size_t)>& body);

/// Calls body(begin, end) on chunks of `chunk` elements (the last one shorter) that partition [0, n), each chunk
/// taken by whichever thread is free next: OpenMP's schedule(dynamic), oneTBB's simple_partitioner, or in order on
/// the calling thread. A thread slowed by the machine then does less of the work. n = 0 calls nothing.
void for_each_dynamic_chunk(std::size_t n, std::size_t chunk, host_threading threads,
                            const std::function<void(std::size_t, std::size_t)>& body);

} // namespace policybench
