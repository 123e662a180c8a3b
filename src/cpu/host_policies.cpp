// The host registry in table order: the baseline loop, the C++ policies, oneTBB, then Thrust's host systems.
#include "host_registry.hpp"

namespace policybench {

std::vector<policy_runner> host_policies() {
  std::vector<policy_runner> out{loop_policy()};
  for (auto& p : std_policies()) out.push_back(std::move(p));
  out.push_back(tbb_parallel_for_policy());
  for (auto& p : thrust_host_policies()) out.push_back(std::move(p));
  return out;
}

} // namespace policybench
