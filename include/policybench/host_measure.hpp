// How a host policy is measured: data in host memory, a cold call from a fresh oneTBB state, warm calls, exact
// validation. Every host policy entry is built by host_policy(), so they differ only in the one call they make.
#pragma once

#include "policybench/host_threads.hpp"
#include "policybench/initial_values.hpp"
#include "policybench/policy.hpp"
#include "policybench/timing.hpp"

#include <memory>
#include <string>
#include <utility>

namespace policybench {

/// Fills cfg.size elements of T with their initial values, times apply(first, last) as time_calls does
/// (the cold call after release_tbb_workers()), then validates every element. Throws std::bad_alloc.
template <class T, class Apply> measurement measure_host(const run_config& cfg, Apply& apply) {
  const auto data = std::make_unique_for_overwrite<T[]>(cfg.size);
  T* const first = data.get();
  T* const last = first + cfg.size;
  fill_initial(first, cfg.size);
  release_tbb_workers();
  measurement m;
  m.in_place = time_calls(cfg, [&] { apply(first, last); });
  if (const auto bad = first_mismatch(first, cfg.size, m.in_place.calls))
    m.validation_error = describe_mismatch(*bad, first[*bad], m.in_place.calls);
  return m;
}

/// A host registry entry named `name` whose every call is apply(first, last) on T* for the run's element type.
/// `apply` is a generic callable, e.g. [](auto first, auto last) { increment_all(std::execution::par, first, last); }.
template <class Apply> policy_runner host_policy(std::string name, std::string backend, Apply apply) {
  return {std::move(name), "host", std::move(backend), std::nullopt, [apply](const run_config& cfg) mutable {
            return visit_element_type(cfg.type, [&]<class T>() { return measure_host<T>(cfg, apply); });
          }};
}

} // namespace policybench
