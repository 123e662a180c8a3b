// Who owns a run's time: the schedule hands each measurement its rounds' share of the calls and of the deadline
// (shared fairly over what is still to measure), cuts the rounds to what the budget holds, and ends each row.
#pragma once

#include "harness/rounds.hpp"
#include "measure/run_config.hpp"

#include <chrono>
#include <cstddef>
#include <optional>
#include <vector>

namespace policybench {

/// One run's (or sweep point's) deadline and what a slot costs beyond its measurement's own wall time
/// (allocation, first touch, validation, idle waits), learnt as it goes, so that the last slot does not overrun.
class time_budget {
public:
  using clock = std::chrono::steady_clock;
  explicit time_budget(std::optional<clock::time_point> deadline) : deadline_(deadline) {}

  /// Whether the deadline has passed (never without one).
  bool spent() const { return deadline_ && clock::now() >= *deadline_; }
  /// Seconds to the deadline (negative past it); nullopt without one.
  std::optional<double> left_s() const;

  /// The next of `slots_left` measurements' share of the time left (time left / slots_left less the overhead per
  /// slot measured so far, at least a nanosecond) where it is shorter than `timeout_s` (0: none); nullopt where the
  /// budget does not bind (no deadline, or a shorter --timeout).
  std::optional<double> share(double timeout_s, double slots_left) const;

  /// Records one slot: its wall seconds and the seconds its measurement took (elapsed_s(measurement)).
  void record(double wall_s, double measured_s);

private:
  std::optional<clock::time_point> deadline_;
  double overhead_s_ = 0; ///< the mean wall time per slot outside its measurement
  int slots_ = 0;
};

/// A run's rounds and budget in one place: every measurement of every stream asks it for its run_config, and it
/// decides when each row is done. Once the first round has shown what a slot costs beyond its calls, the base rounds
/// are cut to those the time left holds, each then given more calls, so that rows keep their intervals at large
/// sizes.
class schedule {
public:
  schedule(const run_config& cfg, const run_order& order, std::size_t streams);
  /// The base rounds: as asked, or as cut to the budget so far.
  int rounds() const { return rounds_; }
  bool done(std::size_t stream) const { return rows_[stream].done; }
  void start_round(int round) { round_ = round; }
  /// Whether `stream` is measured in this round: not done, and, once the deadline has passed, without calls yet
  /// (a row with calls then stops by budget: `so_far` says so).
  bool measures(std::size_t stream, timed_calls* so_far);
  /// `stream`'s run_config in this round (round_config, with its share of the budget), once the base rounds are cut
  /// to what the time left holds.
  run_config next(std::size_t stream);
  /// Records `stream`'s slot of `wall_s` seconds and its measurement `m` (a stop by the budget's share named so).
  void record(std::size_t stream, double wall_s, measurement& m);
  /// Decides after its round whether `stream`'s row is done, from `joined`, all its rounds' calls (nullptr: it
  /// failed), setting joined's stopped_by when it is: the stopping rule on every round's samples, or the budget.
  void finish(std::size_t stream, timed_calls* joined);

private:
  int calls_needed(const row_progress& row) const;
  /// The slots `row` has still to come, this round's included, were the base rounds `rounds`.
  int slots_for(const row_progress& row, int rounds) const;
  void fit_rounds();

  run_config cfg_;
  int rounds_, round_ = 0, asked_; ///< asked_: the base rounds before any cut
  bool single_; ///< one round: time_calls applies every criterion
  time_budget budget_;
  std::vector<row_progress> rows_;
  std::vector<bool> by_budget_; ///< each stream's last measurement had the budget's share as its timeout
};

} // namespace policybench
