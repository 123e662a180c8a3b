// The run's time budget: fair shares of the time left.
#include "harness/budget.hpp"

#include "measure/seconds.hpp"

#include <algorithm>

namespace policybench {

run_config time_budget::share(run_config cfg, double slots_left) const {
  if (!deadline_) return cfg;
  const double left_s = -seconds_since(*deadline_);
  // At least a nanosecond: a row past the deadline still makes its cold, warm-up and one timed call, so that
  // every row has a figure (and says it stopped by budget).
  const double share_s = std::max(1e-9, left_s / std::max(1.0, slots_left) - overhead_s_);
  if (cfg.timeout_s > 0 && cfg.timeout_s <= share_s) return cfg;
  cfg.timeout_s = share_s;
  cfg.timeout_is_budget = true;
  return cfg;
}

void time_budget::record(double wall_s, double calls_s) {
  ++slots_;
  overhead_s_ += (std::max(0.0, wall_s - calls_s) - overhead_s_) / slots_;
}

} // namespace policybench
