// The run's time budget: the time left before its deadline, shared fairly over what is still to measure.
#pragma once

#include "measure/run_config.hpp"

#include <chrono>
#include <optional>

namespace policybench {

/// One run's (or sweep's) deadline and what a measurement costs beyond its calls (allocation, first touch,
/// validation, idle waits), learnt as it goes, so that the last slot does not overrun.
class time_budget {
public:
  using clock = std::chrono::steady_clock;
  explicit time_budget(std::optional<clock::time_point> deadline) : deadline_(deadline) {}

  /// Whether the deadline has passed (never without one).
  bool spent() const { return deadline_ && clock::now() >= *deadline_; }

  /// `cfg` for the next of `slots_left` measurements still to come (each policy's round, the ceiling's two): its
  /// timeout_s becomes the time left / slots_left less the overhead per slot measured so far, where that is
  /// shorter than cfg's own timeout (timeout_is_budget then says so). cfg itself without a deadline.
  run_config share(run_config cfg, double slots_left) const;

  /// Records one slot: its wall seconds and the seconds its calls took (timed_calls::elapsed_s).
  void record(double wall_s, double calls_s);

private:
  std::optional<clock::time_point> deadline_;
  double overhead_s_ = 0; ///< the mean wall time per slot outside its calls
  int slots_ = 0;
};

} // namespace policybench
