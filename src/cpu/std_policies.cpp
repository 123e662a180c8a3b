// The four C++17 execution policies through the one increment_all call; libstdc++ runs the parallel ones on oneTBB.
#include "host_registry.hpp"

#include "policybench/host_measure.hpp"
#include "policybench/workload.hpp"

#include <execution>
#include <string>

namespace policybench {

std::vector<policy_runner> std_policies() {
  // A libstdc++ built without <tbb/tbb.h> runs par and par_unseq serially; say so in the backend column.
  const std::string parallel = std::string("libstdc++ PSTL on ") + pstl_backend();
  return {
      host_policy("std::seq", "libstdc++ (sequential)",
                  [](auto first, auto last) { increment_all(std::execution::seq, first, last); }),
      host_policy("std::unseq", "libstdc++ (vectorized, 1 thread)",
                  [](auto first, auto last) { increment_all(std::execution::unseq, first, last); }),
      host_policy("std::par", parallel,
                  [](auto first, auto last) { increment_all(std::execution::par, first, last); }),
      host_policy("std::par_unseq", parallel,
                  [](auto first, auto last) { increment_all(std::execution::par_unseq, first, last); }),
  };
}

} // namespace policybench
