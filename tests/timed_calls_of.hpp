// Timed calls made up for tests: every call undisturbed and run at the same parallelism.
#pragma once

#include "measure/run_config.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace policybench {

inline timed_calls calls_of(double cold_s, std::vector<double> warm_s, std::vector<double> kernel_s = {},
                            std::uint64_t calls = 0, double parallelism = 0) {
  timed_calls t;
  t.cold_s = cold_s;
  t.disturbed.assign(warm_s.size(), false);
  t.parallelism.assign(warm_s.size(), parallelism);
  t.warm_s = std::move(warm_s);
  t.kernel_s = std::move(kernel_s);
  t.calls = calls;
  return t;
}

} // namespace policybench
