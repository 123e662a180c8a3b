// Fake policies of known durations for the harness's run tests: each round makes the timed calls it is asked for.
#pragma once

#include "harness/run.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace policybench::testing {

// A host policy whose every round makes cfg.stop.reps timed calls lasting what `duration(call index)` says (seconds),
// and reports `round_elapsed_s` as the round's wall time. `shares` collects each round's cfg.stop.reps.
inline policy_entry scripted(std::string name, std::function<double(std::size_t)> duration,
                             std::vector<int>* shares = nullptr, double round_elapsed_s = 0) {
  auto calls = std::make_shared<std::size_t>(0);
  return {std::move(name), side::host, "test", std::nullopt, [=](const run_config& cfg) {
            if (shares) shares->push_back(cfg.stop.reps);
            measurement m;
            m.in_place.cold_s = 1;
            for (int i = 0; i < cfg.stop.reps; ++i)
              m.in_place.warm_s.push_back(duration((*calls)++));
            m.in_place.calls = 1 + std::uint64_t(cfg.warmup) + std::uint64_t(cfg.stop.reps);
            m.in_place.elapsed_s = round_elapsed_s;
            return m;
          }};
}

inline policy_entry constant(std::string name, std::vector<int>* shares = nullptr) {
  return scripted(
      std::move(name), [](std::size_t) { return 1e-3; }, shares);
}

inline measured_run interleaved(const run_config& cfg, const std::vector<policy_entry>& policies,
                                std::uint64_t seed = 1, time_budget budget = {}) {
  return run_policies(cfg, std::nullopt, query_host(), device_info{}, policies,
                      {policy_order::interleaved, seed, default_rounds, budget});
}

inline const measurement& result_of(const measured_run& run, const std::string& name) {
  const auto o = std::find_if(run.outcomes.begin(), run.outcomes.end(), [&](const auto& x) { return x.name == name; });
  REQUIRE(o != run.outcomes.end());
  REQUIRE(o->result);
  return *o->result;
}

} // namespace policybench::testing
