// How a host registry entry is made: the policy's one call, wrapped in the host measurement for every element type.
#pragma once

#include "measure/host_measure.hpp"
#include "policies/policy.hpp"

#include <string>
#include <utility>

namespace policybench {

/// A host entry whose every call is apply(first, last, K) on T* for the run's element type and work, e.g.
/// [](auto first, auto last, int work) { increment_all(std::execution::par, first, last, work); }, on `threading`'s
/// threads (which then also place the array's pages: the parallel first touch).
template <class Apply>
policy_entry host_entry(std::string name, std::string backend, host_threading threading, Apply apply) {
  return {.name = std::move(name),
          .device = "host",
          .backend = std::move(backend),
          .unavailable = std::nullopt,
          .measure = [threading, apply](const run_config& cfg) mutable {
            return visit_element_type(cfg.type, [&]<class T>() { return measure_host<T>(cfg, threading, apply); });
          }};
}

} // namespace policybench
