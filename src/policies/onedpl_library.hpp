// What each oneDPL backend's shared library exports: plain functions, no oneDPL type. onedpl_library.cpp is compiled
// twice, for oneTBB and for OpenMP, and oneDPL's templates have the same names in both with different bodies (one
// calls tbb::parallel_for, the other opens an OpenMP region): linked into one program they would break the
// one-definition rule, and the linker would keep one body for both rows. Each copy therefore lives in its own shared
// library built with hidden visibility, so every oneDPL symbol stays inside it; only the entry below is exported.
#pragma once

#include "measure/run_config.hpp"

#include <cstddef>

namespace policybench {

enum class onedpl_policy { seq, unseq, par, par_unseq };

/// One compiled copy of the oneDPL rows' call.
struct onedpl_library {
  /// oneDPL's parallel backend as the library's own translation unit saw it: "oneTBB", "OpenMP" or "serial".
  const char* backend;
  /// run_workload(policy, {out, in, in2, n}, work) for `workload` on elements of type `type` (in2: nullptr for a
  /// one-input workload, in == out in place).
  void (*run)(onedpl_policy policy, workload_id workload, element_type type, void* out, const void* in, const void* in2,
              std::size_t n, int work);
  /// For tests: out[i] = probe() for each i < n, under `policy`, through the same transform: probe can ask which
  /// runtime's thread calls it (omp_in_parallel(), tbb::this_task_arena::current_thread_index()).
  void (*census)(onedpl_policy policy, int* out, std::size_t n, int (*probe)());
};

// Each defined only in its own library, and only when CMake built it (POLICYBENCH_HAVE_ONEDPL_TBB / _OPENMP).
[[gnu::visibility("default")]] const onedpl_library& onedpl_on_tbb();    ///< libpolicybench_onedpl_tbb.so
[[gnu::visibility("default")]] const onedpl_library& onedpl_on_openmp(); ///< libpolicybench_onedpl_openmp.so

} // namespace policybench
