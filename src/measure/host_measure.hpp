// How a host policy is measured: data in host memory, a cold call from a fresh oneTBB state, warm calls, exact
// validation. Every host registry entry measures through it, so entries differ only in the one call they make.
#pragma once

#include "measure/host_threads.hpp"
#include "measure/validation.hpp"
#include "measure/run_config.hpp"
#include "measure/timing.hpp"

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

} // namespace policybench
