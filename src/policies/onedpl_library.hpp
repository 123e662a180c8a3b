// What each oneDPL backend's shared library exports: plain functions, no oneDPL type. onedpl_library.cpp is compiled
// for oneTBB and for OpenMP, whose oneDPL templates share names with different bodies: in one program the linker would
// keep one body for both rows (an ODR break), so each copy is its own library with hidden visibility.
#pragma once

#include "measure/run_config.hpp"

#include <cstddef>

namespace policybench {

enum class onedpl_policy { seq, unseq, par, par_unseq };

/// One compiled copy of the oneDPL rows' call.
struct onedpl_library {
  /// oneDPL's parallel backend as the library's own translation unit saw it: "oneTBB", "OpenMP" or "serial".
  const char* backend;
  /// run_workload(policy, {out, in, in2, n}, work) for `workload` on elements of `type`.
  void (*run)(onedpl_policy policy, workload_id workload, element_type type, void* out, const void* in, const void* in2,
              std::size_t n, int work);
  /// For tests: out[i] = probe() under `policy`, so that probe can ask which runtime's thread calls it.
  void (*census)(onedpl_policy policy, int* out, std::size_t n, int (*probe)());
};

// Each defined only in its own library, and only when CMake built it (POLICYBENCH_HAVE_ONEDPL_TBB / _OPENMP).
[[gnu::visibility("default")]] const onedpl_library& onedpl_on_tbb();    ///< libpolicybench_onedpl_tbb.so
[[gnu::visibility("default")]] const onedpl_library& onedpl_on_openmp(); ///< libpolicybench_onedpl_openmp.so

} // namespace policybench
