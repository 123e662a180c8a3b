// oneTBB directly: what std::par compiles down to in libstdc++, without the PSTL layer.
#include "host_registry.hpp"

#include "policybench/host_measure.hpp"
#include "policybench/increment.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include <cstddef>

namespace policybench {

policy_runner tbb_parallel_for_policy() {
  return host_policy("tbb::parallel_for", "oneTBB (auto_partitioner)", [](auto first, auto last) {
    const auto n = static_cast<std::size_t>(last - first);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), [first](const tbb::blocked_range<std::size_t>& r) {
      const increment op;
      for (std::size_t i = r.begin(); i != r.end(); ++i) first[i] = op(first[i]);
    });
  });
}

} // namespace policybench
