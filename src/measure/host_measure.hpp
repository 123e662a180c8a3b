// How a host stream is measured: data in a placed host array, a cold call from a fresh oneTBB state, warm calls,
// exact validation. Every host row measures through it (the registry's entries, STREAM's copy and scale), so they
// differ only in the one call they make (and what its array must hold afterwards).
#pragma once

#include "measure/host_array.hpp"
#include "measure/host_threads.hpp"
#include "measure/run_config.hpp"
#include "measure/timing.hpp"
#include "measure/validation.hpp"

#include <optional>
#include <string>

namespace policybench {

/// Places cfg.size elements of T (cfg.pages; first touch by `threading`, the policy's own threads, unless
/// cfg.first_touch is serial) with their initial values, times apply(first, last, cfg.work) as time_calls does (the
/// cold call after release_tbb_workers(); a call of a parallel threading short of its threads is disturbed), then
/// sets validation_error to validate(first, calls made) and reads the huge-page bytes the array got. Throws
/// std::bad_alloc.
template <class T, class Apply, class Validate>
measurement measure_host(const run_config& cfg, host_threading threading, Apply& apply, Validate validate) {
  const host_array data(cfg.size * sizeof(T), cfg.pages);
  T* const first = data.data<T>();
  T* const last = first + cfg.size;
  first_touch_fill(first, cfg.size, touch_threading(cfg.first_touch, threading));
  release_tbb_workers();
  run_config timed = cfg; // a parallel call large enough to keep its threads busy is judged on them
  if (threading != host_threading::one_thread && cfg.bytes_per_call() >= parallel_work_floor_bytes)
    timed.call_threads = host_concurrency();
  measurement m;
  m.in_place = time_calls(timed, [&] { apply(first, last, cfg.work); });
  m.validation_error = validate(static_cast<const T*>(first), m.in_place.calls);
  m.huge_page_bytes = data.huge_page_bytes();
  m.host_threads = threading;
  return m;
}

/// measure_host validating the workload: every element is its start + calls x K.
template <class T, class Apply>
measurement measure_host(const run_config& cfg, host_threading threading, Apply& apply) {
  return measure_host<T>(cfg, threading, apply, [&](const T* first, std::uint64_t calls) -> std::optional<std::string> {
    const std::uint64_t increments = calls * std::uint64_t(cfg.work);
    if (const auto bad = first_mismatch(first, cfg.size, increments))
      return describe_mismatch(*bad, first[*bad], increments);
    return std::nullopt;
  });
}

} // namespace policybench
