// Host thread control: the --threads limit for oneTBB and OpenMP, a fresh oneTBB state for cold calls, and pinned
// OpenMP threads for the ceilings (measure/chunks.hpp splits an index range over them).
#pragma once

#include "measure/chunks.hpp"
#include "measure/host_array.hpp"

#include <oneapi/tbb/global_control.h>

#include <sched.h>

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

/// Stops oneTBB's worker threads (tbb::finalize) so that the next parallel call pays for starting them:
/// the "cold" state. Returns false when oneTBB refused (workers still busy); the next call is then warm.
bool release_tbb_workers();

/// Sleeps in 1 ms slices until one in which this process used under a tenth of a core, or max_wait_s has passed,
/// and returns the seconds waited: a thread pool still spinning after its last parallel region (libgomp's
/// GOMP_SPINCOUNT default spins for milliseconds; oneTBB's workers briefly) would otherwise take a core from the
/// next policy's calls. Measured, not guessed, since the spin time depends on the runtime and its settings.
double wait_for_idle_threads(double max_wait_s = 0.2);

/// The threading the ceilings run on: OpenMP where built with it (the threads can be pinned), else oneTBB.
host_threading ceiling_threading() noexcept;

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

} // namespace policybench
