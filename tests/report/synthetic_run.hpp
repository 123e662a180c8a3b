// The hand-built run the report tests render: float64 x 1000, a loop, a faster policy, an unavailable, a failed and
// an invalid one.
#pragma once

#include "ceiling_outcome.hpp"

#include "harness/run.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace policybench {

inline policy_outcome ran(std::string name, std::vector<double> warm_s, std::string backend = "test backend") {
  measurement m;
  m.in_place.cold_s = 5;
  m.in_place.warm_s = std::move(warm_s);
  return {{std::move(name), side::host, std::move(backend), std::nullopt, {}}, std::nullopt, m};
}

// float64 x 1000: 16000 bytes per call. Outcomes: loop (2 s, calls enough for an interval: a speedup base), fast (1 s),
// an unavailable device policy, a failed one, an invalid one.
inline measured_run synthetic_run() {
  measured_run r;
  r.config = run_config{element_type::float64, 1000, 1, {3}};
  r.host_concurrency = 2;
  r.host.pstl_backend = "oneTBB";
  r.host.cpu_model = "test cpu";
  r.device.unavailable = "test: no device";
  r.outcomes.push_back(ran("loop", {2, 2.02, 1.98, 2, 2.01, 1.99}));
  r.outcomes.push_back(ran("fast", {1, 1, 1}, "oneTBB, with a comma"));
  r.outcomes.push_back({{"cuda::kernel", side::device, "CUDA", "built without nvcc", {}}, std::nullopt, std::nullopt});
  r.outcomes.push_back({{"broken", side::host, "test backend", std::nullopt, {}}, "out of memory", std::nullopt});
  policy_outcome invalid = ran("wrong", {1, 1, 1});
  invalid.result->validation_error = "element 3 is 4, expected 5";
  r.outcomes.push_back(std::move(invalid));
  r.outcomes.push_back(host_ceiling({0.5, 0.5, 0.52, 0.5, 0.55, 0.5})); // median and best 0.5 s, an interval
  return r;
}

} // namespace policybench
