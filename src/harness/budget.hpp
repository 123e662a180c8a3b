// Who owns a run's time: its deadline, shared fairly over what is still to measure (time_budget), and its rounds,
// each handing a stream's measurement its stopping rule (schedule).
#pragma once

#include "harness/rounds.hpp"
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

/// A run's rounds and budget in one place: every measurement of every stream asks it for its run_config.
class schedule {
public:
  schedule(const run_config& cfg, policy_order order)
      : cfg_(cfg), rounds_(base_rounds(cfg, order)), budget_(cfg.deadline) {}
  int rounds() const { return rounds_; }
  bool spent() const { return budget_.spent(); }
  /// A stream's measurement in round `round` (round_config: its share of the calls, given `samples` counted and
  /// `made` timed calls and `spent_s` seconds from its earlier rounds) with its share of the time left over
  /// `slots_left` measurements still to come, this one included.
  run_config next(int round, std::size_t samples, std::size_t made, double spent_s, double slots_left) const {
    return budget_.share(round_config(cfg_, round, rounds_, samples, made, spent_s), slots_left);
  }
  void record(double wall_s, double calls_s) { budget_.record(wall_s, calls_s); }

private:
  run_config cfg_;
  int rounds_;
  time_budget budget_;
};

} // namespace policybench
