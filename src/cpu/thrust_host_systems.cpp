// Thrust's host systems through the one increment_all call: cpp (sequential), tbb (oneTBB), omp (OpenMP).
#include "host_registry.hpp"

#include "policybench/host_measure.hpp"
#include "policybench/workload.hpp"

#include <thrust/system/cpp/execution_policy.h>
#include <thrust/system/omp/execution_policy.h>
#include <thrust/system/tbb/execution_policy.h>

namespace policybench {

std::vector<policy_runner> thrust_host_policies() {
  std::vector<policy_runner> out{
      host_policy("thrust::cpp", "Thrust C++ system (sequential)",
                  [](auto first, auto last) { increment_all(thrust::cpp::par, first, last); }),
      host_policy("thrust::tbb", "Thrust TBB system (oneTBB)",
                  [](auto first, auto last) { increment_all(thrust::tbb::par, first, last); }),
  };
#if defined(_OPENMP)
  out.push_back(host_policy("thrust::omp", "Thrust OpenMP system",
                            [](auto first, auto last) { increment_all(thrust::omp::par, first, last); }));
#else
  // Without -fopenmp, CCCL refuses to compile Thrust's OpenMP algorithms (a static_assert): listed, not built.
  out.push_back({"thrust::omp", "host", "Thrust OpenMP system (no OpenMP)",
                 "built without OpenMP (no OpenMP found by CMake)", {}});
#endif
  return out;
}

} // namespace policybench
