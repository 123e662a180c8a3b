// A ceiling's outcome made up for tests: a row of role ceiling, measured as a policy's outcome is.
#pragma once

#include "timed_calls_of.hpp"

#include "harness/run.hpp"

#include <optional>
#include <string>
#include <utility>

namespace policybench {

/// `t` its calls, `bytes` what one call moves (none: the workload's); host ceilings get huge pages and OpenMP.
inline policy_outcome ceiling_outcome(std::string name, side device, ceiling_bound bound, timed_calls t,
                                      std::optional<double> bytes = std::nullopt) {
  measurement m;
  m.in_place = std::move(t);
  m.bytes_per_call = bytes;
  if (device == side::host) m.huge_page_bytes = 8u << 20, m.host_threads = host_threading::openmp;
  return {{.name = std::move(name),
           .device = device,
           .backend = "test",
           .unavailable = std::nullopt,
           .measure = {},
           .role = stream_role::ceiling,
           .bound = bound},
          std::nullopt,
          std::move(m)};
}

/// The host's in-place ceiling, its calls lasting `warm_s`.
inline policy_outcome host_ceiling(std::vector<double> warm_s) {
  return ceiling_outcome("host in place (static)", side::host, ceiling_bound::bandwidth,
                         calls_of(0.1, std::move(warm_s), {}, 0, 0));
}

} // namespace policybench
