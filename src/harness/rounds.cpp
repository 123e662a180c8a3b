// Interleaved rounds: the orders, each round's share of the timed calls, the rounds joined into one row.
#include "harness/rounds.hpp"

#include "measure/timing.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <string>
#include <utility>

namespace policybench {
namespace {

void append_calls(timed_calls& acc, timed_calls next) {
  // A round whose waits could not be read leaves the whole row unjudged, not partly judged.
  const bool judged = acc.disturbed.size() == acc.warm_s.size() && next.disturbed.size() == next.warm_s.size();
  const std::size_t offset = acc.warm_s.size();
  acc.round_starts.push_back(offset);
  for (const std::size_t start : next.round_starts)
    acc.round_starts.push_back(offset + start);
  acc.warm_s.insert(acc.warm_s.end(), next.warm_s.begin(), next.warm_s.end());
  acc.disturbed.insert(acc.disturbed.end(), next.disturbed.begin(), next.disturbed.end());
  if (!judged) acc.disturbed.clear();
  acc.parallelism.insert(acc.parallelism.end(), next.parallelism.begin(), next.parallelism.end());
  acc.kernel_s.insert(acc.kernel_s.end(), next.kernel_s.begin(), next.kernel_s.end());
  acc.calls += next.calls;
  acc.elapsed_s += next.elapsed_s;
  acc.stopped_by = next.stopped_by;
}

void append_calls(std::optional<timed_calls>& acc, std::optional<timed_calls> next) {
  if (acc && next) append_calls(*acc, std::move(*next));
}

} // namespace

std::vector<std::size_t> round_order(std::size_t n, int round, std::uint64_t seed) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::mt19937_64 draw(seed);
  for (std::size_t i = n; i > 1; --i) // std::shuffle's draws are the library's own; these are the same everywhere
    std::swap(order[i - 1], order[draw() % i]);
  if (n > 0) std::rotate(order.begin(), order.begin() + std::ptrdiff_t(std::size_t(round) % n), order.end());
  return order;
}

run_config round_config(const run_config& cfg, int round, int rounds, const row_progress& row) {
  if (rounds <= 1 && row.slots == 0) return cfg; // one round: time_calls applies every criterion
  run_config r = cfg;
  const int left = std::max(1, rounds - round); // base rounds still to come, this one included
  const int remaining = std::max(1, cfg.reps - int(row.samples));
  if (cfg.max_noise > 0) {
    const int base = (first_noise_samples + rounds - 1) / rounds;
    // Beyond the base rounds a round must be worth its own cost (a fresh array, idle pools): a fifth of the samples
    // so far, and at least extra_round_s of timed calls at the row's pace (1 ms calls: 20 of them).
    const double pace_s = row.made > 0 ? row.calls_s / double(row.made) : 0;
    const int fill = pace_s > 0 ? int(std::min(1e6, std::ceil(extra_round_s / pace_s))) : 1;
    // A row short of the base rounds' calls (its rounds were cut by the schedule, or calls disturbed) gets them.
    const int share = int((row.samples + extra_round_share - 1) / extra_round_share);
    const int more = round < rounds ? base : std::max({1, first_noise_samples - int(row.samples), share, fill});
    r.reps = std::min(remaining, more);
  } else {
    r.reps = (remaining + left - 1) / left;
  }
  // Disturbed calls are made beside the counted ones, but all rounds together stay within the row's cap.
  const std::size_t cap = max_calls_made(cfg);
  r.max_calls = cap - std::min(cap - 1, row.made);
  r.reps = int(std::min(std::size_t(r.reps), r.max_calls));
  r.min_time_s = 0;
  r.max_noise = 0;
  if (cfg.timeout_s > 0) r.timeout_s = std::max(1e-9, (cfg.timeout_s - row.spent_s) / left);
  return r;
}

void append_round(measurement& acc, measurement next, int round) {
  append_calls(acc.in_place, std::move(next.in_place));
  append_calls(acc.e2e_pageable, std::move(next.e2e_pageable));
  append_calls(acc.e2e_pinned, std::move(next.e2e_pinned));
  if (!acc.validation_error && next.validation_error)
    acc.validation_error = "round " + std::to_string(round + 1) + ": " + *next.validation_error;
  if (next.clocks_after) acc.clocks_after = next.clocks_after;
  if (acc.huge_page_bytes && next.huge_page_bytes)
    acc.huge_page_bytes = std::min(*acc.huge_page_bytes, *next.huge_page_bytes);
}

} // namespace policybench
