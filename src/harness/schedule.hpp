// Who owns a run's time (docs/measurement.md: "Interleaved rounds", "The default stopping and the run's budget").
// Every share of the --budget is taken here (run.cpp turns the probe's into its deadline; a device row's end-to-end
// views split the limit its slot gives it), and every measurement gets its stopping rule here:
//   the probe's      probe_seconds       a tenth of the budget, at most 3 s, before the rows
//   a workload's     workload_budget     an even share of the time left over the workloads to come that it holds
//                                        at half an on-time share each (one: the whole; none: the workload not run)
//   a sweep point's  sweep_clock::start  an even share of the time left over the points to come (time_budget::part)
//   the rounds       schedule::fit_rounds the base rounds cut to what the time left holds (round_rule then splits a
//                                        row's calls and --timeout over them)
//   a slot's         schedule::next      time left / slots to come, less their overhead so far (time_budget::share)
#pragma once

#include "measure/run_config.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace policybench {

/// A deadline, the seconds it was set from, and what a slot costs beyond its measurement (allocation, first touch,
/// validation, idle waits), learnt as it goes so that the last slot does not overrun. Default: no budget.
class time_budget {
public:
  using clock = std::chrono::steady_clock;
  time_budget() = default;
  explicit time_budget(std::optional<clock::time_point> deadline, double budget_s = 0, double part_of_s = 0)
      : deadline_(deadline), budget_s_(budget_s), part_of_s_(part_of_s) {}
  /// A budget of `seconds` from now (--budget: from when the command line is read); 0: none.
  static time_budget from_now(double seconds);

  double budget_s() const { return budget_s_; }   ///< what the deadline was set from, for the report; 0: none
  double part_of_s() const { return part_of_s_; } ///< the budget this is a part() of; 0: none, the whole
  bool spent() const { return deadline_ && clock::now() >= *deadline_; }
  /// Seconds to the deadline (negative past it); nullopt without one.
  std::optional<double> left_s() const;

  /// The next of `slots_left` slots' share of the time left, less the overhead per slot; nullopt where it does not
  /// bind (no deadline, or a shorter `limit_s`, --timeout's).
  std::optional<double> share(double limit_s, double slots_left) const;
  /// Records one slot: its wall seconds and its measurement's.
  void record(double wall_s, double measured_s);

  /// An even share of the time left over `parts` (the next included), as a budget of its own; none without one.
  time_budget part(std::size_t parts) const;

private:
  std::optional<clock::time_point> deadline_;
  double budget_s_ = 0, part_of_s_ = 0;
  double overhead_s_ = 0; ///< the mean wall time per slot outside its measurement
  int slots_ = 0;
};

/// Seconds the regime probe may take: a tenth of the run's budget, at most 3 (3 without a budget).
double probe_seconds(const time_budget& budget);

/// Workload `k`'s (from 0) share of `whole`: part() of those to come that the time left holds at half the even share
/// an on-time run gives each (the later ones go first); nullopt where it holds none: the workload is not run, rather
/// than run in a share too short for its rows. A lone workload's `whole` itself, so that its report quotes it.
std::optional<time_budget> workload_budget(const time_budget& whole, std::size_t k, std::size_t workloads);

/// What gives a row whose calls `stopped_by` ended (none: the budget's share) more counted calls, as the warnings and
/// the summary say it: a larger value of the option of that name (policybench-mpi, which takes no --budget, stops every
/// row by --reps), or a quieter machine, whose calls are not disturbed.
std::string more_time(const std::optional<std::string>& stopped_by);

/// interleaved: every stream once per round, rounds repeated; sequential: each stream's calls in one go.
enum class policy_order { interleaved, sequential };

/// --order's words.
inline constexpr enum_name<policy_order> policy_order_names[] = {{policy_order::interleaved, "interleaved"},
                                                                 {policy_order::sequential, "sequential"}};
constexpr std::string_view to_string(policy_order o) noexcept { return name_in(policy_order_names, o); }

/// --repetitions' default: the base rounds of an interleaved run (docs/measurement.md says why 10).
inline constexpr int default_rounds = 10;

/// How a comparison run is laid out in time: order, seed (schedule::start_round), base rounds, budget.
struct run_order {
  policy_order order = policy_order::sequential;
  std::uint64_t seed = 1;
  int rounds = default_rounds; ///< base rounds when interleaved (--repetitions)
  time_budget budget = {};
};

/// The warning of a run (a workload's, a sweep point's: its part) that ended more than a second past its deadline.
std::optional<std::string> overrun_warning(const run_order& order);

/// A sweep's points in time (docs/measurement.md, "The default stopping and the run's budget"): an even share of the
/// time left each, and no point started that the line through the last two points' seconds says cannot fit.
class sweep_clock {
public:
  sweep_clock() = default; ///< no budget: every point, however long
  explicit sweep_clock(time_budget whole) : whole_(whole) {}
  const time_budget& whole() const { return whole_; }
  /// Why the point at `scale` (its size or K), named `where`, is not started; nullopt: it may be.
  std::optional<std::string> cannot_hold(double scale, const std::string& where) const;
  /// The next point's budget, with `points_left` (it included) still to come; its wall time starts now.
  time_budget start(std::size_t points_left);
  /// The point started last, at `scale`, has ended.
  void finish(double scale);

private:
  time_budget whole_ = {};
  time_budget::clock::time_point started_{};
  double scale_[2] = {0, 0}, point_s_[2] = {0, 0}; ///< the last two points' size or K and seconds, the last second
  int points_ = 0;
};

/// What one row has done in its rounds so far.
struct row_progress {
  std::size_t samples = 0, made = 0; ///< counted timed calls (stopping_samples), timed calls in all
  double calls_s = 0;                ///< seconds of its timed calls
  double spent_s = 0;                ///< wall seconds of its measurements, cold calls on (what --timeout covers)
  double slot_s = 0;                 ///< wall seconds of its slots beyond the timed calls (idle waits, allocation...)
  int slots = 0;                     ///< its measurements so far
  bool done = false;
};

/// The calls a noise-driven row makes in its base rounds, and the calls' seconds a round beyond them makes at least
/// (worth the round's own cost: a fresh array, idle pools).
inline constexpr int first_noise_samples = 10;
inline constexpr double extra_round_s = 0.02;

/// One row's stopping rule in round `round` of `rounds` from `asked`: itself in one round; else its share of the calls,
/// --timeout and max calls left, min_time and max_noise left to the schedule (stop_after on all rounds' samples).
stopping_rule round_rule(const stopping_rule& asked, int round, int rounds, const row_progress& row);

/// Adds round `round`'s measurement `next` to `acc`: every view's samples joined at a round start; cold figures from
/// the first round, clocks_after from the last, the fewest huge-page bytes, the first validation error with its round.
void append_round(measurement& acc, measurement next, int round);

/// A run's rounds and budget in one place: every measurement asks it for its stopping rule, it decides when each row
/// is done, and from the second round it cuts the base rounds to what the time left holds.
class schedule {
public:
  schedule(const run_config& cfg, const run_order& order, std::size_t streams);
  /// The base rounds: as asked, or as cut to the budget so far.
  int rounds() const { return rounds_; }
  bool done(std::size_t stream) const { return rows_[stream].done; }
  /// Starts round `round`: its order of `n` streams (docs/measurement.md, "Interleaved rounds"; sequential: as given).
  std::vector<std::size_t> start_round(int round, std::size_t n);
  /// Whether `stream` is measured in this round; past the deadline a row with calls (`so_far`) stops by budget.
  bool measures(std::size_t stream, timed_calls* so_far);
  /// The run's workload with `stream`'s round_rule, limited by the slot's share of the budget where it binds.
  run_config next(std::size_t stream);
  /// Records `stream`'s slot of `wall_s` seconds and its measurement `m`.
  void record(std::size_t stream, double wall_s, const measurement& m);
  /// Decides whether `stream`'s row is done from `joined`, all its rounds' calls (nullptr: it failed), setting its
  /// stopped_by when it is.
  void finish(std::size_t stream, timed_calls* joined);

private:
  int calls_needed(const row_progress& row) const;
  /// The slots `row` has still to come, this round's included, were the base rounds `rounds`.
  int slots_for(const row_progress& row, int rounds) const;
  void fit_rounds();

  run_config cfg_;
  int rounds_, round_ = 0, rounds_asked_; ///< rounds_asked_: the base rounds before any cut
  bool single_;                           ///< one round: time_calls applies every criterion
  std::optional<std::uint64_t> seed_;     ///< interleaved: the seed of the rounds' orders
  time_budget budget_;
  std::vector<row_progress> rows_;
};

} // namespace policybench
