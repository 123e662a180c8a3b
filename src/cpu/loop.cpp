// The user's original: a plain for loop over the elements, one thread. Every speedup is measured against it.
#include "host_registry.hpp"

#include "policybench/host_measure.hpp"
#include "policybench/increment.hpp"

namespace policybench {

policy_runner loop_policy() {
  return host_policy("loop", "plain for loop (1 thread)", [](auto first, auto last) {
    const increment op;
    for (auto it = first; it != last; ++it) *it = op(*it);
  });
}

} // namespace policybench
