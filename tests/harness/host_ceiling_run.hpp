// A hand-built run for the row-figure tests: 10^6 float64 with 2 threads allowed and host ceiling rows measured,
// into which a test puts host policies' outcomes.
#pragma once

#include "ceiling_outcome.hpp"

#include "harness/run.hpp"
#include "report/report.hpp"

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
  return {{std::move(name), side::host, "test", std::nullopt, {}}, std::nullopt, m};
}

// 10^6 float64 (8 MB, room for huge pages), 2 threads allowed; the host ceilings (a static in-place stream that used
// both threads, with a 95% interval: median 0.5 s; STREAM copy and scale at half the bytes) after the policies, as a
// run measures them.
inline measured_run run_of(std::vector<policy_outcome> outcomes) {
  measured_run r;
  r.config = run_config{element_type::float64, 1'000'000, 1, {10}};
  r.host_concurrency = 2;
  r.host.pstl_backend = "oneTBB";
  r.host.transparent_hugepages = "madvise";
  r.device.unavailable = "test: no device";
  r.outcomes = std::move(outcomes);
  r.outcomes.push_back(ceiling_outcome("host in place (static)", side::host, ceiling_bound::bandwidth,
                                       calls_of(0.1, {0.5, 0.4, 0.6, 0.45, 0.55, 0.5}, {}, 7, 1.9)));
  r.outcomes.push_back(
      ceiling_outcome("host STREAM copy", side::host, ceiling_bound::none, calls_of(0.1, {0.2}, {}, 2, 1.9), 8e6));
  r.outcomes.push_back(
      ceiling_outcome("host STREAM scale", side::host, ceiling_bound::none, calls_of(0.1, {0.25}, {}, 2, 1.9), 8e6));
  return r;
}

// environment.ceilings' figure `name` as the JSON writes it; none when it has no such key or it is null.
inline figure ceiling_figure(const benchmark_report& report, const std::string& name) {
  const auto ceilings = to_json(report)["environment"]["ceilings"];
  return ceilings.contains(name) && ceilings[name].is_number() ? figure(ceilings[name].get<double>()) : figure();
}

} // namespace policybench
