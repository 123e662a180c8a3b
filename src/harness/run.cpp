// One comparison run: registry -> selection -> memory check -> ceilings -> each policy, errors kept per policy.
#include "harness/run.hpp"

#include "harness/budget.hpp"
#include "harness/compute_ceilings.hpp"
#include "measure/counted_calls.hpp"
#include "measure/device_out_of_memory.hpp"
#include "measure/host_threads.hpp"
#include "measure/interrupt.hpp"
#include "measure/seconds.hpp"
#include "measure/timing.hpp"

#include <algorithm>
#include <exception>
#include <new>
#include <numeric>
#include <string>

namespace policybench {
namespace {

// One round of policy i: measure it with its share of the calls and of the budget, join the result to its earlier
// rounds, and say whether the row is done (it failed, or a criterion holds over all its rounds' samples).
bool measure_round(measured_run& run, const policy_entry& p, std::size_t i, int round, double& spent_s,
                   time_budget& budget, double slots_left) {
  policy_outcome& o = run.outcomes[i];
  const std::size_t samples = o.result ? stopping_samples(o.result->in_place, run.config.keep_disturbed).size() : 0;
  wait_for_idle_threads();
  std::optional<stop_reason> round_stop; // --timeout ran out in this round: the row is done
  try {
    const auto start = steady_clock::now();
    measurement m = p.measure(budget.share(round_config(run.config, round, run.rounds, samples, spent_s), slots_left));
    budget.record(seconds_since(start), elapsed_s(m));
    spent_s += elapsed_s(m);
    // --timeout ends the row; a round's share of the budget running out only ends the round (rounds to come get
    // their shares, and the row stops by budget once the whole budget is spent).
    if (m.in_place.stopped_by == stop_reason::timeout) round_stop = stop_reason::timeout;
    if (o.result)
      append_round(*o.result, std::move(m), round);
    else
      o.result = std::move(m);
  } catch (const device_out_of_memory& e) {
    o.error = std::string("out of device memory: ") + e.what(); // which call, or both byte counts
  } catch (const std::bad_alloc&) {
    o.error = "out of memory";
  } catch (const std::exception& e) {
    o.error = e.what();
  }
  if (o.error) o.result.reset(); // a failed row reports its error, not the rounds before it
  if (o.error) return true;
  timed_calls& t = o.result->in_place;
  if (run.rounds == 1) return true; // time_calls applied every criterion
  auto why = round_stop
                 ? round_stop
                 : stop_after(run.config, stopping_samples(t, run.config.keep_disturbed), t.warm_s.size(),
                              std::accumulate(t.warm_s.begin(), t.warm_s.end(), 0.0), spent_s, round + 1 >= run.rounds);
  if (!why && budget.spent()) why = stop_reason::budget;
  if (why) t.stopped_by = *why;
  return why.has_value();
}

// Round `round` of the host ceiling, joined to its earlier rounds: each of its five streams (three in place, copy,
// scale) gets half a slot's share of the budget. std::bad_alloc passes: nothing fits then.
void measure_ceiling_round(measured_run& run, int round, time_budget& budget, double slots_left) {
  const std::size_t samples = run.host_ceiling ? run.host_ceiling->in_place.warm_s.size() : 0;
  const double spent_s = run.host_ceiling ? run.host_ceiling->in_place.elapsed_s : 0;
  wait_for_idle_threads();
  const auto start = steady_clock::now();
  host_ceilings next = measure_host_ceilings(
      budget.share(round_config(run.config, round, run.rounds, samples, spent_s), 2 * slots_left));
  budget.record(seconds_since(start) / 2,
                (next.in_place.elapsed_s + next.in_place_dynamic.elapsed_s + next.in_place_one_thread.elapsed_s +
                 next.copy.elapsed_s + next.scale.elapsed_s) /
                    2);
  if (run.host_ceiling)
    append_round(*run.host_ceiling, std::move(next));
  else
    run.host_ceiling = std::move(next);
}

} // namespace

measured_run run_policies(const run_config& cfg, std::optional<int> threads, host_info host, device_info device,
                          const std::vector<policy_entry>& selected, const run_order& order,
                          const progress_callback& progress) {
  const host_thread_limit limit(threads);
  measured_run run;
  run.config = cfg, run.threads_limit = threads, run.host_concurrency = host_concurrency();
  run.host = std::move(host), run.device = std::move(device);
  run.order = order, run.rounds = base_rounds(cfg, order.order);
  time_budget budget(cfg.deadline);
#if POLICYBENCH_HAVE_CUDA
  if (!run.device.unavailable) {
    // A device lost here must not cost the host results: the warning keeps the CUDA text, each device row its own.
    try {
      run.device_ceiling = measure_device_ceilings(budget.share(cfg, double(selected.size())));
    } catch (const std::exception& e) {
      run.device_ceiling_error = e.what();
    }
  }
#endif
  std::vector<std::size_t> runnable; // indices into selected and run.outcomes
  for (const auto& p : selected) {
    if (!p.unavailable) runnable.push_back(run.outcomes.size());
    run.outcomes.push_back({.name = p.name, .device = p.device, .backend = p.backend, .unavailable = p.unavailable});
  }
  // The host ceiling bounds host rows only: a GPU-only run does not measure it.
  const bool host_rows =
      std::any_of(runnable.begin(), runnable.end(), [&](auto i) { return selected[i].device == "host"; });
  measure_compute_ceilings(run, host_rows);
  std::vector<double> spent_s(selected.size(), 0.0);
  std::vector<bool> done(selected.size(), false);
  for (int round = 0; !interrupt_requested; ++round) { // Ctrl-C: nothing more is started
    std::vector<std::size_t> positions(runnable.size());
    std::iota(positions.begin(), positions.end(), std::size_t(0));
    if (order.order == policy_order::interleaved) positions = round_order(runnable.size(), round, order.seed);
    const auto open = double(std::count_if(runnable.begin(), runnable.end(), [&](auto i) { return !done[i]; }));
    const double rounds_left = std::max(1, run.rounds - round); // this one included
    // The host ceiling opens every round that measures a policy, so that drift between rounds moves it with the rows
    // it bounds. Once the budget is spent nothing with a figure is measured again: each would overrun the deadline.
    if (host_rows && (round == 0 || (open > 0 && !budget.spent())))
      measure_ceiling_round(run, round, budget, (open + 2) * rounds_left);
    std::vector<std::string> measured;
    double slots_left = open + (open + 2) * (rounds_left - 1);
    for (std::size_t k = 0; k < positions.size() && !interrupt_requested; ++k) {
      const std::size_t i = runnable[positions[k]];
      if (done[i]) continue;
      auto& result = run.outcomes[i].result;
      if (result && budget.spent()) {
        result->in_place.stopped_by = stop_reason::budget;
        done[i] = true;
        continue;
      }
      if (progress)
        progress({.policy = selected[i].name,
                  .round = round + 1,
                  .rounds = run.rounds,
                  .calls = result ? result->in_place.calls : 0});
      measured.push_back(selected[i].name);
      done[i] = measure_round(run, selected[i], i, round, spent_s[i], budget, slots_left);
      slots_left = std::max(1.0, slots_left - 1);
    }
    if (measured.empty()) break;
    run.round_orders.push_back(std::move(measured));
  }
  for (std::size_t i = 0; interrupt_requested && i < run.outcomes.size(); ++i) { // the rounds finished are kept
    if (auto& r = run.outcomes[i].result; r && !done[i]) r->in_place.stopped_by = stop_reason::interrupted;
    if (auto& o = run.outcomes[i]; !o.result && !o.error && !o.unavailable) o.unavailable = "not measured: interrupted";
  }
  return run;
}

} // namespace policybench
