// Who owns a run's time (docs/measurement.md: "Interleaved rounds", "The default stopping and the run's budget").
// Every share of the --budget is taken here, and every measurement gets its stopping rule here:
//   the probe's      probe_seconds       a tenth of the budget, at most 3 s, before the rows
//   a workload's     workload_budget     an even share of the time left over the workloads to come (one: the whole)
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

/// One run's (a sweep point's, the whole sweep's) deadline, the seconds it was set from, and what a slot costs beyond
/// its measurement's own wall time (allocation, first touch, validation, idle waits), learnt as it goes, so that the
/// last slot does not overrun. Default: no budget.
class time_budget {
public:
  using clock = std::chrono::steady_clock;
  time_budget() = default;
  explicit time_budget(std::optional<clock::time_point> deadline, double budget_s = 0)
      : deadline_(deadline), budget_s_(budget_s) {}
  /// A budget of `seconds` from now (--budget: from when the command line is read); 0: none.
  static time_budget from_now(double seconds);

  double budget_s() const { return budget_s_; } ///< what the deadline was set from, for the report; 0: none
  bool spent() const { return deadline_ && clock::now() >= *deadline_; }
  /// Seconds to the deadline (negative past it); nullopt without one.
  std::optional<double> left_s() const;

  /// The next of `slots_left` measurements' share of the time left (time left / slots_left less the overhead per
  /// slot so far, at least a nanosecond) where it is shorter than `limit_s` (--timeout's; 0: none); nullopt where the
  /// budget does not bind (no deadline, or a shorter --timeout).
  std::optional<double> share(double limit_s, double slots_left) const;
  /// Records one slot: its wall seconds and the seconds its measurement took (elapsed_s(measurement)).
  void record(double wall_s, double measured_s);

  /// An even share of the time left over `parts` (the next included), as a budget of its own (a late point's warning
  /// then quotes that share); none without a deadline.
  time_budget part(std::size_t parts) const;

private:
  std::optional<clock::time_point> deadline_;
  double budget_s_ = 0;
  double overhead_s_ = 0; ///< the mean wall time per slot outside its measurement
  int slots_ = 0;
};

/// Seconds the regime probe may take: a tenth of the run's budget, at most 3 (3 without a budget). The deadline is
/// absolute, so the probe's time comes out of what the rows then share.
double probe_seconds(const time_budget& budget);

/// The seconds `rows` rows need at least: in each of its `slots` measurements (its base rounds) a row's arrays of
/// `array_bytes` are first touched and called cold, each call moving `bytes_per_call`, and it makes `timed_calls`
/// timed calls in all, at `gb_per_s` (no faster than the probe's largest footprint streamed). Warm-up calls are not
/// counted: they stop where a measurement's share is spent (time_calls). A --budget below it gives rows too few calls
/// for an interval: the run says so before its rows (measure_workloads).
double budget_needed(std::size_t rows, int slots, int timed_calls, double array_bytes, double bytes_per_call,
                     double gb_per_s);

/// The budget of workload `k` (from 0) of a run of `workloads`: time_budget::part's even share of the time left over
/// those to come, the last one's too (its warnings quote its share); a lone workload's `whole` itself, so that its
/// report quotes the budget given.
time_budget workload_budget(const time_budget& whole, std::size_t k, std::size_t workloads);

/// What gives a row more calls, as the warnings and the summary say it.
inline constexpr std::string_view more_time = "a larger --budget or a quieter machine";

/// interleaved: every stream once per round, rounds repeated; sequential: each stream's calls in one go.
enum class policy_order { interleaved, sequential };

/// --order's words.
inline constexpr enum_name<policy_order> policy_order_names[] = {{policy_order::interleaved, "interleaved"},
                                                                 {policy_order::sequential, "sequential"}};
constexpr std::string_view to_string(policy_order o) noexcept { return name_in(policy_order_names, o); }

/// --repetitions' default: the base rounds of an interleaved run (docs/measurement.md says why 10).
inline constexpr int default_rounds = 10;

/// How a comparison run is laid out in time: its order (the seed picks the first round's, round_order), its base
/// rounds and its budget.
struct run_order {
  policy_order order = policy_order::sequential;
  std::uint64_t seed = 1;
  int rounds = default_rounds; ///< base rounds when interleaved (--repetitions)
  time_budget budget = {};
};

/// The warning of a run that ended more than a second (validation and the report) past its deadline; nullopt
/// otherwise.
std::optional<std::string> overrun_warning(const run_order& order);

/// A sweep's points in time: each gets an even share of the time left; a size or work sweep starts no point the time
/// left cannot hold: the last point's seconds, grown along the line through the last two with the size or K
/// (allocation, first touch and calls grow with them; where --min-time fills a point they do not).
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

/// Round `round`'s order of n streams, as indices: a Fisher-Yates shuffle of 0..n-1 driven by std::mt19937_64(seed),
/// rotated left by `round` places.
std::vector<std::size_t> round_order(std::size_t n, int round, std::uint64_t seed);

/// What one row has done in its rounds so far.
struct row_progress {
  std::size_t samples = 0, made = 0; ///< counted timed calls (stopping_samples), timed calls in all
  double calls_s = 0;                ///< seconds of its timed calls
  double spent_s = 0;                ///< wall seconds of its measurements, cold calls on (what --timeout covers)
  double slot_s = 0;                 ///< wall seconds of its slots beyond the timed calls (idle waits, allocation...)
  int slots = 0;                     ///< its measurements so far
  bool done = false;
};

/// The calls a noise-driven row makes in its base rounds, and what a round beyond them makes at least: its calls
/// must be worth the round's own cost (a fresh array, idle pools).
inline constexpr int first_noise_samples = 10;
inline constexpr double extra_round_s = 0.02;

/// The stopping rule of one row's measurement in round `round` of `rounds` base rounds, given `row`, from the rule
/// `asked`. Sequential (rounds 1): `asked` itself. Interleaved (docs/measurement.md says how the calls are split):
/// min_time_s and max_noise are left to the schedule, which checks them on all rounds' samples (stop_after); limit_s
/// (--timeout) is what is left of it over the base rounds to come; max_calls what is left of max_calls_made(asked).
stopping_rule round_rule(const stopping_rule& asked, int round, int rounds, const row_progress& row);

/// Adds round `round`'s measurement `next` of a stream to `acc`, its earlier rounds: samples concatenated (host,
/// kernel, end-to-end, with their disturbed flags and parallelism) and `next`'s first call marked as a round start,
/// cold figures and clocks_before kept from the first round, clocks_after from the last, calls and elapsed_s summed,
/// huge_page_bytes the least of any round, the first validation error kept with its round named.
void append_round(measurement& acc, measurement next, int round);

/// A run's rounds and budget in one place: every measurement of every stream asks it for its stopping rule, and it
/// decides when each row is done. Once the first round has shown what a slot costs beyond its calls, the base rounds
/// are cut to those the time left holds, each then given more calls.
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
  /// The run's workload with `stream`'s stopping rule in this round: round_rule's, and where the slot's share of the
  /// budget binds, that share as its limit, named budget.
  run_config next(std::size_t stream);
  /// Ctrl-C: `stream`'s row, with calls in `so_far` (nullptr: none) but not done, stopped by interrupted.
  void interrupt(std::size_t stream, timed_calls* so_far) const {
    if (so_far && !done(stream)) so_far->stopped_by = stop_reason::interrupted;
  }
  /// Records `stream`'s slot of `wall_s` seconds and its measurement `m`.
  void record(std::size_t stream, double wall_s, const measurement& m);
  /// Decides after its round whether `stream`'s row is done, from `joined`, all its rounds' calls (nullptr: it
  /// failed), setting joined's stopped_by when it is: the stopping rule on every round's samples, or the budget.
  void finish(std::size_t stream, timed_calls* joined);

private:
  int calls_needed(const row_progress& row) const;
  /// The slots `row` has still to come, this round's included, were the base rounds `rounds`.
  int slots_for(const row_progress& row, int rounds) const;
  void fit_rounds();

  run_config cfg_;
  int rounds_, round_ = 0, rounds_asked_; ///< rounds_asked_: the base rounds before any cut
  bool single_;                           ///< one round: time_calls applies every criterion
  time_budget budget_;
  std::vector<row_progress> rows_;
};

} // namespace policybench
