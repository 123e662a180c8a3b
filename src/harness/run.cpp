// One comparison run: registry -> selection -> memory check -> ceilings -> each policy, errors kept per policy.
#include "harness/run.hpp"

#include "measure/ceilings.hpp"
#include "measure/device_out_of_memory.hpp"
#include "measure/host_threads.hpp"
#include "measure/timing.hpp"

#include <algorithm>
#include <exception>
#include <new>
#include <numeric>
#include <string>

namespace policybench {

memory_limits run_memory_limits(const std::vector<policy_entry>& selected, const device_info& device) {
  memory_limits limits{host_available_bytes(), std::nullopt, device.name};
  if (std::any_of(selected.begin(), selected.end(),
                  [](const auto& p) { return p.device == "device" && !p.unavailable; }))
    limits.device_free_bytes = device.free_memory_bytes;
  return limits;
}

void check_memory(const run_config& cfg, const std::vector<policy_entry>& selected, const device_info& device) {
  if (const auto shortfall = memory_shortfall(cfg.size, size_of(cfg.type), run_memory_limits(selected, device)))
    throw insufficient_memory(*shortfall);
}

namespace {

// One round of policy i: measure it with its share, join the result to its earlier rounds, and say whether the row
// is done (it failed, or a criterion holds over all its rounds' samples).
bool measure_round(measured_run& run, const policy_entry& p, std::size_t i, int round, double& spent_s) {
  policy_outcome& o = run.outcomes[i];
  const std::size_t samples = o.result ? o.result->in_place.warm_s.size() : 0;
  wait_for_idle_threads();
  bool round_timed_out = false;
  try {
    measurement m = p.measure(round_config(run.config, round, run.rounds, samples, spent_s));
    spent_s += elapsed_s(m);
    round_timed_out = m.in_place.stopped_by == stop_reason::timeout;
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
  if (o.error) {
    o.result.reset(); // a failed row reports its error, not the rounds before it
    return true;
  }
  timed_calls& t = o.result->in_place;
  if (run.rounds == 1) return true; // time_calls applied every criterion
  const double timed_s = std::accumulate(t.warm_s.begin(), t.warm_s.end(), 0.0);
  const auto why = round_timed_out
                       ? std::optional(stop_reason::timeout)
                       : stop_after(run.config, reported_samples(t), timed_s, spent_s, round + 1 >= run.rounds);
  if (why) t.stopped_by = *why;
  return why.has_value();
}

// Round `round` of the host ceiling, joined to its earlier rounds. std::bad_alloc passes: nothing fits then.
void measure_ceiling_round(measured_run& run, int round) {
  const std::size_t samples = run.host_ceiling ? run.host_ceiling->in_place.warm_s.size() : 0;
  const double spent_s = run.host_ceiling ? run.host_ceiling->in_place.elapsed_s : 0;
  wait_for_idle_threads();
  host_ceilings next = measure_host_ceilings(round_config(run.config, round, run.rounds, samples, spent_s));
  if (run.host_ceiling)
    append_round(*run.host_ceiling, std::move(next));
  else
    run.host_ceiling = std::move(next);
}

} // namespace

measured_run run_policies(const run_config& cfg, std::optional<int> threads, host_info host, device_info device,
                          const std::vector<policy_entry>& selected, const run_order& order,
                          const policy_callback& starting) {
  const host_thread_limit limit(threads);
  measured_run run{cfg, threads, host_concurrency(), std::move(host), std::move(device), {}, {}, {}, {}, {}, 1, {}};
  run.order = order;
  run.rounds = base_rounds(cfg, order.order);
#if POLICYBENCH_HAVE_CUDA
  if (!run.device.unavailable) {
    // A device lost here must not cost the host results: the warning keeps the CUDA text, and each device
    // policy after it fails with its own.
    try {
      run.device_ceiling = measure_device_ceilings(cfg);
    } catch (const std::exception& e) {
      run.device_ceiling_error = e.what();
    }
  }
#endif
  std::vector<std::size_t> runnable; // indices into selected and run.outcomes
  for (const auto& p : selected) {
    if (!p.unavailable) runnable.push_back(run.outcomes.size());
    run.outcomes.push_back({p.name, p.device, p.backend, p.unavailable, std::nullopt, std::nullopt});
  }
  // A GPU-only run has no row the host ceiling bounds: it would cost time and host memory for nothing.
  const bool any_host =
      std::any_of(selected.begin(), selected.end(), [](const auto& p) { return p.device != "device"; });
  std::vector<double> spent_s(selected.size(), 0.0);
  std::vector<bool> done(selected.size(), false);
  for (int round = 0;; ++round) {
    std::vector<std::size_t> positions(runnable.size());
    std::iota(positions.begin(), positions.end(), std::size_t(0));
    if (order.order == policy_order::interleaved) positions = round_order(runnable.size(), round, order.seed);
    // The host ceiling opens every round that measures a policy, with a policy's share of the calls, so that drift
    // between rounds moves it with the rows it bounds.
    if (any_host &&
        (std::any_of(runnable.begin(), runnable.end(), [&](std::size_t i) { return !done[i]; }) || round == 0))
      measure_ceiling_round(run, round);
    std::vector<std::string> measured;
    for (const std::size_t k : positions) {
      const std::size_t i = runnable[k];
      if (done[i]) continue;
      if (round == 0 && starting) starting(selected[i]);
      measured.push_back(selected[i].name);
      done[i] = measure_round(run, selected[i], i, round, spent_s[i]);
    }
    if (measured.empty()) break;
    run.round_orders.push_back(std::move(measured));
  }
  return run;
}

} // namespace policybench
