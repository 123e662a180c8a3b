// A hand-built run for the row-figure tests: 10^6 float64 with 2 threads allowed and the three host ceilings
// measured, into which a test puts host policies' outcomes.
#pragma once

#include "timed_calls_of.hpp"

#include "harness/results.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace policybench {

inline policy_outcome host_outcome(std::string name, std::vector<double> warm_s, host_threading threads,
                                   double parallelism) {
  measurement m;
  m.in_place.cold_s = 1;
  m.in_place.warm_s = std::move(warm_s);
  m.in_place.parallelism.assign(m.in_place.warm_s.size(), parallelism);
  m.host_threads = threads;
  m.huge_page_bytes = 4u << 20;
  return {std::move(name), "host", "test", std::nullopt, std::nullopt, m};
}

// 10^6 float64 (8 MB, room for huge pages), 2 threads allowed; a ceiling that used both.
inline measured_run run_of(std::vector<policy_outcome> outcomes) {
  measured_run r;
  r.config = run_config{element_type::float64, 1'000'000, 1, 10};
  r.host_concurrency = 2;
  r.host.pstl_backend = "oneTBB";
  r.host.transparent_hugepages = "madvise";
  r.device.unavailable = "test: no device";
  host_ceilings c;
  c.in_place = calls_of(0.1, {0.5, 0.4, 0.6}, {}, 4, 1.9);
  c.copy = calls_of(0.1, {0.2}, {}, 2, 1.9);
  c.scale = calls_of(0.1, {0.25}, {}, 2, 1.9);
  c.copy_bytes_per_call = 8e6;
  c.huge_page_bytes = 8u << 20;
  r.host_ceiling = c;
  r.outcomes = std::move(outcomes);
  return r;
}

} // namespace policybench
