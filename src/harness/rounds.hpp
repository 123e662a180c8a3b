// Interleaved rounds: which order each round runs the streams in, what share of the timed calls each round gets,
// how one stream's rounds join into one measurement (docs/measurement.md says why).
#pragma once

#include "measure/run_config.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace policybench {

/// Round `round`'s order of n streams, as indices: a Fisher-Yates shuffle of 0..n-1 driven by std::mt19937_64(seed)
/// (whose output the standard fixes, so a seed names the same order everywhere), rotated left by `round` places, so
/// that with n >= rounds every stream takes a different position in each round.
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

/// What one row is asked to do in round `round` of a run of `rounds` base rounds, given `row`. Sequential (rounds
/// 1): cfg itself, time_calls applies every criterion. Interleaved: cfg.reps split as evenly as the rounds allow
/// (the shares add up to reps), or, with cfg.max_noise, ceil(first_noise_samples / rounds) calls in each base round
/// and a fifth of the samples so far, or extra_round_s of timed calls at the row's pace if more, in each later one
/// (never past reps); min_time_s and max_noise are left to the schedule, which checks them on all rounds' samples
/// (stop_after); timeout_s is what is left of it, shared over the base rounds still to come; max_calls is what is
/// left of the row's max_calls_made(cfg).
inline constexpr int first_noise_samples = 10;
/// A round beyond the base rounds makes at least 1 / extra_round_share of the samples so far, and at least
/// extra_round_s seconds of calls (each round pays an allocation and idle waits).
inline constexpr int extra_round_share = 5;
inline constexpr double extra_round_s = 0.02;
run_config round_config(const run_config& cfg, int round, int rounds, const row_progress& row);

/// Adds round `round`'s measurement `next` of a stream to `acc`, its earlier rounds: samples concatenated (host,
/// kernel, end-to-end, with their disturbed flags and parallelism) and `next`'s first call marked as a round start,
/// cold figures and clocks_before kept from the first round, clocks_after from the last, calls and elapsed_s summed,
/// huge_page_bytes the least of any round, the first validation error kept with its round named.
void append_round(measurement& acc, measurement next, int round);

} // namespace policybench
