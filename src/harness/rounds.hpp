// Who owns a run's time: interleaved rounds (which order each round runs the policies in, what share of the timed
// calls each round gets, how one policy's rounds join into one measurement: docs/measurement.md says why) and the
// deadline, shared fairly over what is still to measure; the schedule hands each measurement its stopping rule.
#pragma once

#include "measure/enum_names.hpp"
#include "measure/run_config.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace policybench {

/// interleaved: every policy once per round, rounds repeated; sequential: each policy's calls in one go.
enum class policy_order { interleaved, sequential };

/// --order's words.
inline constexpr enum_name<policy_order> policy_order_names[] = {{policy_order::interleaved, "interleaved"},
                                                                 {policy_order::sequential, "sequential"}};
constexpr std::string_view to_string(policy_order o) noexcept { return name_in(policy_order_names, o); }

/// The rounds every row takes part in at least (unless it stops by timeout or fails): 1 when sequential,
/// min(cfg.reps, rounds) when interleaved, rounds being --repetitions (each round allocates its arrays afresh, so
/// the rounds sample what a new process would see). A noise-driven row may take more (round_config).
/// 10, not 5: on a 2-core Xeon VM five quiet default runs' medians fell inside each other's intervals in 70-75 % of
/// cases with 5 rounds, 88 % with 10 (pyperf's default is 20 processes).
inline constexpr int default_rounds = 10;

/// How a comparison run orders its policies; the seed picks the first round's order (round_order).
struct run_order {
  policy_order order = policy_order::sequential;
  std::uint64_t seed = 1;
  int rounds = default_rounds; ///< base rounds when interleaved (--repetitions)
};
int base_rounds(const run_config& cfg, const run_order& order);

/// Round `round`'s order of n policies, as indices: a Fisher-Yates shuffle of 0..n-1 driven by std::mt19937_64(seed)
/// (whose output the standard fixes, so a seed names the same order everywhere), rotated left by `round` places, so
/// that with n >= rounds every policy takes a different position in each round.
std::vector<std::size_t> round_order(std::size_t n, int round, std::uint64_t seed);

/// What one row is asked to do in round `round` of a run of `rounds` base rounds, having `samples` counted timed
/// calls, `made` timed calls in all and `spent_s` seconds of calls from earlier rounds. Sequential (rounds 1): cfg
/// itself, time_calls applies every criterion. Interleaved: cfg.reps split as evenly as the rounds allow (the shares
/// add up to reps), or, with cfg.max_noise, ceil(first_noise_samples / rounds) calls in each base round and a fifth of
/// the samples so far, or extra_round_s of calls at the row's pace if more, in each later one (never past reps);
/// min_time_s and max_noise are left to the harness, which checks them on all rounds' samples (stop_after); timeout_s
/// is the time left, shared over the base rounds still to come; max_calls is what is left of the row's
/// max_calls_made(cfg).
inline constexpr int first_noise_samples = 10;
/// A round beyond the base rounds makes at least 1 / extra_round_share of the samples so far, and at least
/// extra_round_s seconds of calls (each round pays an allocation and idle waits).
inline constexpr int extra_round_share = 5;
inline constexpr double extra_round_s = 0.02;
run_config round_config(const run_config& cfg, int round, int rounds, std::size_t samples, std::size_t made,
                        double spent_s);

/// Adds round `round`'s measurement `next` of a policy to `acc`, its earlier rounds: samples concatenated (host,
/// kernel, end-to-end, with their disturbed flags and parallelism), cold figures and clocks_before kept from the
/// first round, clocks_after from the last, calls and elapsed_s summed, huge_page_bytes the
/// least of any round, the first validation error kept with its round named.
void append_round(measurement& acc, measurement next, int round);

/// Adds `next`'s timed calls to `acc`'s: samples, disturbed flags and parallelism concatenated, the cold figure kept
/// from `acc`, calls and elapsed_s summed, stopped_by taken from `next`.
void append_calls(timed_calls& acc, timed_calls next);

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
  schedule(const run_config& cfg, const run_order& order)
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
