// The schedule: fair shares of the time left, the rounds (their orders and shares, joined into one row) cut to what
// it holds, each row's stopping rule, sweep points.
#include "harness/schedule.hpp"

#include "measure/run_config.hpp"
#include "measure/timing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <random>
#include <string>
#include <utility>

namespace policybench {
namespace {

// A round beyond the base rounds makes at least 1 / extra_round_share of the samples so far.
constexpr int extra_round_share = 5;

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

std::vector<std::size_t> schedule::start_round(int round, std::size_t n) {
  round_ = round;
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t(0));
  if (!seed_) return order;
  std::mt19937_64 draw(*seed_);
  for (std::size_t i = n; i > 1; --i) // std::shuffle's draws are the library's own; these are the same everywhere
    std::swap(order[i - 1], order[draw() % i]);
  if (n > 0) std::rotate(order.begin(), order.begin() + std::ptrdiff_t(std::size_t(round) % n), order.end());
  return order;
}

stopping_rule round_rule(const stopping_rule& asked, int round, int rounds, const row_progress& row) {
  if (rounds <= 1 && row.slots == 0) return asked; // one round: time_calls applies every criterion
  stopping_rule r = asked;
  const int left = std::max(1, rounds - round); // base rounds still to come, this one included
  const int remaining = std::max(1, asked.reps - int(row.samples));
  if (asked.max_noise > 0) {
    const int base = (first_noise_samples + rounds - 1) / rounds;
    // Beyond the base rounds a round must be worth its own cost (a fresh array, idle pools): a fifth of the samples
    // so far, and at least extra_round_s of timed calls at the row's pace (1 ms calls: 20 of them).
    const double pace_s = row.made > 0 ? row.calls_s / double(row.made) : 0;
    const int fill = pace_s > 0 ? int(std::min(1e6, std::ceil(extra_round_s / pace_s))) : 1;
    // A row short of the base rounds' calls (its rounds were cut by the schedule, or calls disturbed) gets them.
    const int fifth = int((row.samples + extra_round_share - 1) / extra_round_share);
    const int more = round < rounds ? base : std::max({1, first_noise_samples - int(row.samples), fifth, fill});
    r.reps = std::min(remaining, more);
  } else {
    r.reps = (remaining + left - 1) / left;
  }
  // Disturbed calls are made beside the counted ones, but all rounds together stay within the row's cap.
  const std::size_t cap = max_calls_made(asked);
  r.max_calls = cap - std::min(cap - 1, row.made);
  r.reps = int(std::min(std::size_t(r.reps), r.max_calls));
  r.min_time_s = 0;
  r.max_noise = 0;
  if (asked.limit_s > 0) r.limit_s = std::max(1e-9, (asked.limit_s - row.spent_s) / left);
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

time_budget time_budget::from_now(double seconds) {
  return seconds > 0 ? time_budget(seconds_from_now(seconds), seconds) : time_budget();
}

std::optional<double> time_budget::left_s() const {
  return deadline_ ? std::optional(-seconds_since(*deadline_)) : std::nullopt;
}

std::optional<double> time_budget::share(double limit_s, double slots_left) const {
  if (!deadline_) return std::nullopt;
  // At least a nanosecond: a row past the deadline still makes its cold, warm-up and one timed call, so that
  // every row has a figure (and says it stopped by budget).
  const double share_s = std::max(1e-9, *left_s() / std::max(1.0, slots_left) - overhead_s_);
  return limit_s > 0 && limit_s <= share_s ? std::nullopt : std::optional(share_s);
}

void time_budget::record(double wall_s, double measured_s) {
  ++slots_;
  overhead_s_ += (std::max(0.0, wall_s - measured_s) - overhead_s_) / slots_;
}

time_budget time_budget::part(std::size_t parts) const {
  if (!deadline_) return {};
  const auto deadline = clock::now() + (*deadline_ - clock::now()) / std::ptrdiff_t(std::max<std::size_t>(1, parts));
  return time_budget(deadline, std::max(0.0, -seconds_since(deadline)), part_of_s_ > 0 ? part_of_s_ : budget_s_);
}

std::optional<time_budget> workload_budget(const time_budget& whole, std::size_t k, std::size_t workloads) {
  const auto left_s = whole.left_s();
  if (workloads <= 1 || !left_s) return whole;
  const double least_s = whole.budget_s() / double(workloads) / 2;
  const std::size_t held = *left_s > 0 ? std::size_t(std::floor(*left_s / least_s)) : 0;
  const std::size_t parts = std::min(workloads - k, held);
  return parts > 0 ? std::optional(whole.part(parts)) : std::nullopt;
}

std::string more_time(const std::optional<std::string>& stopped_by) {
  std::string option = stopped_by.value_or(std::string(to_string(stop_reason::budget)));
  if (option == to_string(stop_reason::interrupted)) return "a run left to finish";
  if (option == to_string(stop_reason::max_noise))
    return "a quieter machine"; // its target met: undisturbed calls short
  std::replace(option.begin(), option.end(), '_', '-');
  return "a larger --" + option + " or a quieter machine";
}

std::optional<std::string> overrun_warning(const run_order& order) {
  const double late_s = -order.budget.left_s().value_or(0);
  if (late_s <= 1) return std::nullopt;
  const time_budget& b = order.budget;
  char text[160];
  if (b.part_of_s() > 0)
    std::snprintf(text, sizeof text, "ended %.2f s past its share of %.3g s of the run's %.3g s budget", late_s,
                  b.budget_s(), b.part_of_s());
  else // %.3g: a --budget of 0.001 s reads so, not "0.00 s"
    std::snprintf(text, sizeof text, "the run ended %.2f s past its time budget of %.3g s", late_s, b.budget_s());
  return text + std::string(": a row's cold call and one timed call took longer than its share");
}

double probe_seconds(const time_budget& budget) {
  return budget.budget_s() > 0 ? std::min(3.0, budget.budget_s() / 10) : 3.0;
}

std::optional<std::string> sweep_clock::cannot_hold(double scale, const std::string& where) const {
  const auto left_s = whole_.left_s();
  if (!left_s || points_ == 0) return std::nullopt;
  const double slope = points_ > 1 ? std::max(0.0, (point_s_[1] - point_s_[0]) / (scale_[1] - scale_[0])) : 0;
  if (point_s_[1] + slope * (scale - scale_[1]) <= *left_s) return std::nullopt;
  return "the budget's " + std::to_string(int(std::max(0.0, *left_s))) + " s left would not hold " + where +
         " (the point before took " + std::to_string(int(point_s_[1])) + " s); --budget makes room";
}

time_budget sweep_clock::start(std::size_t points_left) {
  started_ = time_budget::clock::now();
  return whole_.part(points_left);
}

void sweep_clock::finish(double scale) {
  scale_[0] = scale_[1], point_s_[0] = point_s_[1];
  scale_[1] = scale, point_s_[1] = seconds_since(started_), ++points_;
}

schedule::schedule(const run_config& cfg, const run_order& order, std::size_t streams)
    : cfg_(cfg), rounds_(order.order == policy_order::sequential ? 1 : std::clamp(cfg.stop.reps, 1, order.rounds)),
      rounds_asked_(rounds_), single_(rounds_ == 1),
      seed_(order.order == policy_order::interleaved ? std::optional(order.seed) : std::nullopt), budget_(order.budget),
      rows_(streams) {}

int schedule::calls_needed(const row_progress& r) const {
  const stopping_rule& asked = cfg_.stop;
  const bool open_ended = asked.max_noise > 0 || asked.min_time_s > 0; // then the first base rounds' calls
  return std::max(0, (open_ended ? std::min(asked.reps, first_noise_samples) : asked.reps) - int(r.samples));
}

int schedule::slots_for(const row_progress& r, int rounds) const {
  // A row measured in this round that is still short of its calls needs one more slot, whatever the rounds.
  const bool measured = r.slots > round_;
  return r.done ? 0 : std::max(rounds - r.slots, measured && calls_needed(r) == 0 ? 0 : 1);
}

void schedule::fit_rounds() {
  const auto left_s = budget_.left_s();
  double slot_s = 0, call_s = 0; // what a slot costs beyond its calls, and a call, over the rows measured so far
  int measured = 0, paced = 0, lowest = std::max(1, round_);
  for (const row_progress& r : rows_) {
    if (r.slots > 0) slot_s += r.slot_s / r.slots, ++measured, lowest = std::max(lowest, r.slots);
    if (r.made > 0) call_s += r.calls_s / double(r.made), ++paced;
  }
  // From the second round on: a first round's slots show what a slot costs (the process's first slot pays more).
  if (!left_s || single_ || round_ == 0 || measured == 0) return;
  slot_s /= measured, call_s = paced > 0 ? call_s / paced : 0;
  // The most base rounds whose slots, each at its row's cost so far, and the calls still needed fit the time left;
  // from those asked each time, so that a first slot slower than the rest (a cold process) does not cut for good.
  for (rounds_ = rounds_asked_; rounds_ > lowest; --rounds_) {
    double need_s = 0;
    for (const row_progress& r : rows_)
      if (!r.done)
        need_s += slots_for(r, rounds_) * (r.slots > 0 ? r.slot_s / r.slots : slot_s) +
                  calls_needed(r) * (r.made > 0 ? r.calls_s / double(r.made) : call_s);
    if (need_s <= *left_s) break;
  }
}

bool schedule::measures(std::size_t stream, timed_calls* so_far) {
  row_progress& r = rows_[stream];
  // Once the budget is spent nothing with a figure is measured again: each would overrun the deadline.
  if (!r.done && so_far && budget_.spent()) so_far->stopped_by = stop_reason::budget, r.done = true;
  return !r.done;
}

run_config schedule::next(std::size_t stream) {
  fit_rounds();
  run_config r = cfg_;
  r.stop = round_rule(cfg_.stop, round_, rounds_, rows_[stream]);
  double slots_left = 0; // this one included
  for (const row_progress& row : rows_)
    slots_left += slots_for(row, rounds_);
  // The budget's share, where it binds, is the limit, and a stop there is named budget by the rule itself.
  if (const auto share = budget_.share(r.stop.limit_s, slots_left))
    r.stop.limit_s = *share, r.stop.limit = stop_reason::budget;
  return r;
}

void schedule::record(std::size_t stream, double wall_s, const measurement& m) {
  row_progress& r = rows_[stream];
  const double calls_s = std::accumulate(m.in_place.warm_s.begin(), m.in_place.warm_s.end(), 0.0);
  budget_.record(wall_s, elapsed_s(m));
  r.spent_s += elapsed_s(m), r.slot_s += std::max(0.0, wall_s - calls_s), ++r.slots;
}

void schedule::finish(std::size_t stream, timed_calls* joined) {
  row_progress& r = rows_[stream];
  r.done = !joined || single_; // failed, or time_calls applied every criterion
  if (r.done) return;
  const auto counted = stopping_samples(*joined, cfg_.keep_disturbed);
  r.samples = counted.size(), r.made = joined->warm_s.size();
  r.calls_s = std::accumulate(joined->warm_s.begin(), joined->warm_s.end(), 0.0);
  // The row's stopping rule over all its rounds' samples; a round's share of --timeout or of the budget running
  // out only ended that round: the row stops by timeout once the whole --timeout is spent, by budget at the deadline.
  auto why = stop_after(cfg_.stop, counted, r.made, r.calls_s, r.spent_s, round_ + 1 >= rounds_);
  if (!why && budget_.spent()) why = stop_reason::budget;
  if (why) joined->stopped_by = *why, r.done = true;
}

} // namespace policybench
