// --threads for oneTBB and OpenMP, and the cold state: oneTBB's workers stopped before a policy's first call.
#include "measure/host_threads.hpp"

#include <oneapi/tbb/global_control.h>

#include <stdexcept>
#include <string>

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace policybench {

struct host_thread_limit::state {
  explicit state(int threads)
      : tbb_limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads)) {}
  tbb::global_control tbb_limit;
#if defined(_OPENMP)
  int omp_previous = omp_get_max_threads();
#endif
};

host_thread_limit::host_thread_limit(std::optional<int> threads) {
  if (!threads) return;
  if (*threads < 1) throw std::invalid_argument("--threads must be at least 1, got " + std::to_string(*threads));
  state_ = std::make_unique<state>(*threads);
#if defined(_OPENMP)
  omp_set_num_threads(*threads);
#endif
}

host_thread_limit::~host_thread_limit() {
#if defined(_OPENMP)
  if (state_) omp_set_num_threads(state_->omp_previous);
#endif
}

int host_concurrency() {
  return static_cast<int>(tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism));
}

bool release_tbb_workers() {
  tbb::task_scheduler_handle handle{tbb::attach{}};
  return tbb::finalize(handle, std::nothrow);
}

} // namespace policybench
