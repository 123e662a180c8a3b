// One comparison run: streams -> rounds -> each stream's measurement, errors kept per stream.
#include "harness/run.hpp"

#include "measure/counted_calls.hpp"
#include "measure/device_out_of_memory.hpp"
#include "measure/host_threads.hpp"
#include "measure/seconds.hpp"
#include "measure/stopping.hpp"
#include "measure/timing.hpp"
#include "policies/ceiling_streams.hpp"

#include <algorithm>
#include <exception>
#include <new>
#include <numeric>
#include <string>

namespace policybench {
namespace {

// One round of stream i: measure it with its share of the calls and of the budget, join the result to its earlier
// rounds, and say whether the row is done (it failed, or a criterion holds over all its rounds' samples).
bool measure_round(measured_run& run, const policy_entry& p, std::size_t i, int round, double& spent_s, schedule& time,
                   double slots_left) {
  policy_outcome& o = run.outcomes[i];
  const std::size_t samples = o.result ? stopping_samples(o.result->in_place, run.config.keep_disturbed).size() : 0;
  const std::size_t made = o.result ? o.result->in_place.warm_s.size() : 0;
  wait_for_idle_threads();
  std::optional<stop_reason> round_stop; // --timeout ran out in this round: the row is done
  try {
    const auto start = steady_clock::now();
    measurement m = p.measure(time.next(round, samples, made, spent_s, slots_left));
    time.record(seconds_since(start), elapsed_s(m));
    spent_s += elapsed_s(m);
    // --timeout ends the row; a round's share of the budget running out only ends the round (rounds to come get
    // their shares, and the row stops by budget once the whole budget is spent).
    if (m.in_place.stopped_by == stop_reason::timeout) round_stop = stop_reason::timeout;
    if (const auto counted = counted_samples(m.in_place, run.config.keep_disturbed); !counted.empty())
      m.in_place.round_median_s = {summarize(counted).median_s};
    if (o.result)
      append_round(*o.result, std::move(m), round);
    else
      o.result = std::move(m);
  } catch (const device_out_of_memory& e) {
    o.error = std::string("out of device memory: ") + e.what(); // which call, or both byte counts
  } catch (const std::bad_alloc&) {
    if (p.role == stream_role::ceiling) throw; // the run's one array does not fit: no row can run (run.hpp)
    o.error = "out of memory";
  } catch (const std::exception& e) {
    o.error = e.what();
  }
  if (o.error) o.result.reset(); // a failed row reports its error, not the rounds before it
  if (o.error) return true;
  timed_calls& t = o.result->in_place;
  if (time.rounds() == 1) return true; // time_calls applied every criterion
  auto why = round_stop ? round_stop
                        : stop_after(run.config, stopping_samples(t, run.config.keep_disturbed), t.warm_s.size(),
                                     std::accumulate(t.warm_s.begin(), t.warm_s.end(), 0.0), spent_s,
                                     round + 1 >= time.rounds());
  if (!why && time.spent()) why = stop_reason::budget;
  if (why) t.stopped_by = *why;
  return why.has_value();
}

} // namespace

std::vector<policy_entry> with_ceilings(std::vector<policy_entry> selected, const device_info& device, int work) {
  const auto runs_on = [&](const std::string& where) {
    return std::any_of(selected.begin(), selected.end(),
                       [&](const policy_entry& p) { return p.device == where && !p.unavailable; });
  };
  const bool host = runs_on("host"), gpu = runs_on("device");
  for (auto& c : ceiling_streams(device, work))
    if (c.device == "host" ? host : gpu) selected.push_back(std::move(c));
  return selected;
}

measured_run run_policies(const run_config& cfg, std::optional<int> threads, host_info host, device_info device,
                          const std::vector<policy_entry>& streams, const run_order& order,
                          const progress_callback& progress) {
  const host_thread_limit limit(threads);
  schedule time(cfg, order);
  measured_run run;
  run.config = cfg, run.threads_limit = threads, run.host_concurrency = host_concurrency();
  run.host = std::move(host), run.device = std::move(device);
  run.order = order, run.rounds = time.rounds();
  std::vector<std::size_t> runnable; // indices into streams and run.outcomes
  for (const auto& p : streams) {
    if (!p.unavailable) runnable.push_back(run.outcomes.size());
    run.outcomes.push_back({.name = p.name,
                            .device = p.device,
                            .backend = p.backend,
                            .unavailable = p.unavailable,
                            .role = p.role,
                            .bound = p.bound});
  }
  std::vector<double> spent_s(streams.size(), 0.0);
  std::vector<bool> done(streams.size(), false);
  for (int round = 0; !interrupt_requested; ++round) { // Ctrl-C: nothing more is started
    std::vector<std::size_t> positions(runnable.size());
    std::iota(positions.begin(), positions.end(), std::size_t(0));
    if (order.order == policy_order::interleaved) positions = round_order(runnable.size(), round, order.seed);
    const auto open = double(std::count_if(runnable.begin(), runnable.end(), [&](auto i) { return !done[i]; }));
    // This round's measurements still to come, and one per open stream in each base round after it.
    double slots_left = open * std::max(1, time.rounds() - round);
    std::vector<std::string> measured;
    for (std::size_t k = 0; k < positions.size() && !interrupt_requested; ++k) {
      const std::size_t i = runnable[positions[k]];
      if (done[i]) continue;
      auto& result = run.outcomes[i].result;
      // Once the budget is spent nothing with a figure is measured again: each would overrun the deadline.
      if (result && time.spent()) {
        result->in_place.stopped_by = stop_reason::budget;
        done[i] = true;
        continue;
      }
      if (progress)
        progress({.policy = streams[i].name,
                  .round = round + 1,
                  .rounds = time.rounds(),
                  .calls = result ? result->in_place.calls : 0});
      measured.push_back(streams[i].name);
      done[i] = measure_round(run, streams[i], i, round, spent_s[i], time, slots_left);
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
