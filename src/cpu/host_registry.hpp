// The host registry's parts, one per file in src/cpu; host_policies() puts them in table order.
#pragma once

#include "policybench/policy.hpp"

#include <vector>

namespace policybench {

policy_runner loop_policy();                      // loop.cpp
std::vector<policy_runner> std_policies();        // std_policies.cpp
policy_runner tbb_parallel_for_policy();          // tbb_parallel_for.cpp
std::vector<policy_runner> thrust_host_policies(); // thrust_host_systems.cpp

} // namespace policybench
