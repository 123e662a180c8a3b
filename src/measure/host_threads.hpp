// Host thread control: the --threads limit for oneTBB and OpenMP, and a fresh oneTBB state for cold calls.
#pragma once

#include <memory>
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
  struct state;
  std::unique_ptr<state> state_;
};

/// Threads a parallel host policy may use now: oneTBB's max_allowed_parallelism under any active limit.
int host_concurrency();

/// Stops oneTBB's worker threads (tbb::finalize) so that the next parallel call pays for starting them:
/// the "cold" state. Returns false when oneTBB refused (workers still busy); the next call is then warm.
bool release_tbb_workers();

} // namespace policybench
