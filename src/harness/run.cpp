// One comparison run: streams -> rounds -> each stream's measurement, errors kept per stream.
#include "harness/run.hpp"

#include "harness/schedule.hpp"
#include "measure/device_out_of_memory.hpp"
#include "measure/host_threads.hpp"
#include "measure/seconds.hpp"
#include "measure/stopping.hpp"
#include "measure/thread_clocks.hpp"
#include "measure/timing.hpp"
#include "policies/registry.hpp"

#include <algorithm>
#include <exception>
#include <new>
#include <numeric>
#include <string>

namespace policybench {
namespace {

// Stream i's measurement in this round, joined to its earlier rounds; the schedule then says whether its row is
// done. The slot's wall time starts before the idle wait: it is part of what a slot costs.
void measure_round(measured_run& run, const policy_entry& p, std::size_t i, int round, schedule& time) {
  policy_outcome& o = run.outcomes[i];
  const auto start = steady_clock::now();
  wait_for_idle_threads();
  try {
    measurement m = p.measure(time.next(i));
    time.record(i, seconds_since(start), m);
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
  time.finish(i, o.result ? &o.result->in_place : nullptr);
}

} // namespace

bool runs_on(std::span<const policy_entry> streams, side where) {
  return std::any_of(streams.begin(), streams.end(),
                     [&](const policy_entry& p) { return p.device == where && !p.unavailable; });
}

std::vector<policy_entry> with_ceilings(std::vector<policy_entry> selected, const device_info& device, int work) {
  const bool host = runs_on(selected, side::host), gpu = runs_on(selected, side::device);
  for (auto& c : ceiling_streams(device, work))
    if (c.device == side::host ? host : gpu) selected.push_back(std::move(c));
  return selected;
}

measured_run run_policies(const run_config& cfg, std::optional<int> threads, host_info host, device_info device,
                          const std::vector<policy_entry>& streams, const run_order& order,
                          const progress_callback& progress) {
  const host_thread_limit limit(threads);
  schedule time(cfg, order, streams.size());
  measured_run run;
  run.config = cfg, run.threads_limit = threads, run.host_concurrency = host_concurrency();
  run.host = std::move(host), run.device = std::move(device);
  run.order = order;
  std::vector<std::size_t> runnable; // indices into streams and run.outcomes
  for (const auto& p : streams) {
    if (!p.unavailable)
      runnable.push_back(run.outcomes.size());
    else
      time.finish(run.outcomes.size(), nullptr); // nothing to measure: no slot, no share of the time
    run.outcomes.push_back({.name = p.name,
                            .device = p.device,
                            .backend = p.backend,
                            .unavailable = p.unavailable,
                            .role = p.role,
                            .bound = p.bound});
  }
  for (int round = 0; !interrupt_requested; ++round) { // Ctrl-C: nothing more is started
    std::vector<std::size_t> positions(runnable.size());
    std::iota(positions.begin(), positions.end(), std::size_t(0));
    if (order.order == policy_order::interleaved) positions = round_order(runnable.size(), round, order.seed);
    time.start_round(round);
    std::vector<std::string> measured;
    for (std::size_t k = 0; k < positions.size() && !interrupt_requested; ++k) {
      const std::size_t i = runnable[positions[k]];
      auto& result = run.outcomes[i].result;
      if (!time.measures(i, result ? &result->in_place : nullptr)) continue;
      if (progress)
        progress({.policy = streams[i].name,
                  .round = round + 1,
                  .rounds = time.rounds(),
                  .calls = result ? result->in_place.calls : 0});
      measured.push_back(streams[i].name);
      measure_round(run, streams[i], i, round, time);
    }
    if (measured.empty()) break;
    run.round_orders.push_back(std::move(measured));
  }
  // The base rounds that ran: as the schedule cut them, fewer where every row had its calls before them.
  run.rounds = std::max(1, std::min(time.rounds(), int(run.round_orders.size())));
  for (std::size_t i = 0; interrupt_requested && i < run.outcomes.size(); ++i) { // the rounds finished are kept
    if (auto& r = run.outcomes[i].result) time.interrupt(i, &r->in_place);
    if (auto& o = run.outcomes[i]; !o.result && !o.error && !o.unavailable) o.unavailable = "not measured: interrupted";
  }
  return run;
}

} // namespace policybench
