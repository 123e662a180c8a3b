// Every figure a report shows, computed once from the measurements: statistics, GB/s, ceilings, speedups.
#include "harness/results.hpp"

#include "harness/compute_ceilings.hpp"
#include "harness/gpu_views.hpp"
#include "harness/roofline.hpp"
#include "harness/rules.hpp"
#include "measure/counted_calls.hpp"
#include "measure/stats.hpp"

#include <algorithm>

namespace policybench {
namespace {

ceilings ceilings_of(const measured_run& run) {
  const double bytes = run.config.bytes_per_call();
  ceilings c;
  if (const auto& host = run.host_ceiling) {
    const timed_calls& best = in_place_ceiling(*host);
    const auto best_of = [](const timed_calls& t) { return t.warm_s.empty() ? figure() : figure(best_call_s(t)); };
    c.host_in_place_best_s = best_of(best);
    c.host_in_place_gb_per_s = gb_per_s(bytes, c.host_in_place_best_s);
    if (!host->round_best_s.empty())
      c.host_in_place_low_gb_per_s =
          gb_per_s(bytes, *std::max_element(host->round_best_s.begin(), host->round_best_s.end()));
    c.host_in_place_schedule = &best == &host->in_place           ? "static"
                               : &best == &host->in_place_dynamic ? "dynamic"
                                                                  : "one thread";
    c.host_in_place_static_gb_per_s = gb_per_s(bytes, best_of(host->in_place));
    c.host_in_place_dynamic_gb_per_s = gb_per_s(bytes, best_of(host->in_place_dynamic));
    c.host_in_place_one_thread_gb_per_s = gb_per_s(bytes, best_of(host->in_place_one_thread));
    c.host_copy_median_s = median_of(host->copy.warm_s);
    c.host_copy_gb_per_s = gb_per_s(host->copy_bytes_per_call, c.host_copy_median_s);
    c.host_scale_median_s = median_of(host->scale.warm_s);
    c.host_scale_gb_per_s = gb_per_s(host->copy_bytes_per_call, c.host_scale_median_s);
    c.host_huge_page_bytes = host->huge_page_bytes;
    c.host_effective_parallelism = measured_parallelism(best, run.config.keep_disturbed);
  }
  if (const auto& device = run.device_ceiling) {
    // STREAM's best of N: the fastest the tuned kernel went is what the device can do; the copy is a reference.
    const auto& kernel_s = device->in_place.kernel_s;
    if (!kernel_s.empty()) c.device_in_place_median_s = *std::min_element(kernel_s.begin(), kernel_s.end());
    c.device_in_place_gb_per_s = gb_per_s(bytes, c.device_in_place_median_s);
  }
  c.device_copy_median_s = run.device_ceiling ? median_of(run.device_ceiling->copy.kernel_s) : figure();
  c.device_copy_gb_per_s = gb_per_s(bytes, c.device_copy_median_s);
  const double peak = run.device.theoretical_peak_gb_per_s;
  c.device_theoretical_peak_gb_per_s = peak > 0 ? figure(peak) : figure();
  add_compute_ceilings(c, run);
  return c;
}

environment_info environment_of(const measured_run& run) {
  const run_config& cfg = run.config;
  const bool interleaved = run.order.order == policy_order::interleaved;
  const report_config config{.type = std::string(to_string(cfg.type)),
                             .size = cfg.size,
                             .working_set_bytes = cfg.size * size_of(cfg.type),
                             .bytes_per_call = cfg.bytes_per_call(),
                             .warmup = cfg.warmup,
                             .reps = cfg.reps,
                             .min_time_s = cfg.min_time_s,
                             .threads_limit = run.threads_limit,
                             .work = cfg.work,
                             .host_concurrency = run.host_concurrency,
                             .pages = std::string(to_string(cfg.pages)),
                             .first_touch = std::string(to_string(cfg.first_touch)),
                             .max_noise_pct = cfg.max_noise > 0 ? figure(100 * cfg.max_noise) : figure(),
                             .timeout_s = cfg.timeout_s > 0 ? figure(cfg.timeout_s) : figure(),
                             .budget_s = cfg.budget_s > 0 ? figure(cfg.budget_s) : figure(),
                             .keep_disturbed = cfg.keep_disturbed,
                             .order = std::string(to_string(run.order.order)),
                             .rounds = run.rounds,
                             .seed = interleaved ? std::optional(run.order.seed) : std::nullopt,
                             .round_orders = run.round_orders,
                             .stream_hold = cfg.hold_stream,
                             .end_to_end = cfg.end_to_end};
  return {.config = config, .host = run.host, .device = run.device, .ceilings = ceilings_of(run)};
}

row_status status_of(const policy_outcome& o) {
  if (o.unavailable) return row_status::unavailable;
  if (o.error) return row_status::failed;
  return o.result->validation_error ? row_status::invalid : row_status::ok;
}

result_row row_of(const measured_run& run, const policy_outcome& o, const ceilings& c) {
  const measurement* m = o.result ? &*o.result : nullptr;
  const bool keep = run.config.keep_disturbed;
  result_row r{.policy = o.name,
               .device = o.device,
               .backend = o.backend,
               .status = status_of(o),
               .reason = o.unavailable ? o.unavailable : o.error,
               .type = std::string(to_string(run.config.type)),
               .size = run.config.size,
               .bytes_per_call = run.config.bytes_per_call(),
               .warmup = run.config.warmup,
               .threads = run.host_concurrency};
  if (m) {
    r.cold_s = m->in_place.cold_s, r.samples_s = counted_samples(m->in_place, keep);
    r.reps = r.samples_s.size(), r.validated = !m->validation_error, r.validation_error = m->validation_error;
    r.huge_page_bytes = m->huge_page_bytes, r.stopped_by = std::string(to_string(m->in_place.stopped_by));
  }
  if (m && disturbance_known(m->in_place)) {
    const std::size_t disturbed = disturbed_calls(m->in_place);
    r.disturbed_calls = disturbed, r.mostly_disturbed = 2 * disturbed > m->in_place.warm_s.size();
  }
  if (!r.samples_s.empty()) {
    const sample_stats warm = summarize(r.samples_s);
    r.min_s = warm.min_s, r.median_s = warm.median_s, r.mean_s = warm.mean_s;
    r.stddev_s = warm.stddev_s, r.cv = warm.cv;
    if (const auto ci = median_confidence_interval(r.samples_s))
      r.median_ci_low_s = ci->lower_s, r.median_ci_high_s = ci->upper_s, r.median_ci_confidence = ci->confidence;
    r.effective_parallelism = measured_parallelism(m->in_place, keep);
  }
  r.gb_per_s = gb_per_s(r.bytes_per_call, r.median_s);
  if (r.device == "device") gpu_view::add_gpu_views(r, m);
  r.pct_of_ceiling = pct_of_ceiling(r, c);
  r.above_ceiling = above_ceiling(r);
  if (run.config.work > 1) add_roofline(r, run.config.work, c); // K = 1 rows keep today's figures, no more
  return r;
}

} // namespace

benchmark_report to_report(const measured_run& run, bool per_size_notes) {
  benchmark_report report;
  report.environment = environment_of(run);
  for (const auto& o : run.outcomes)
    report.results.push_back(row_of(run, o, report.environment.ceilings));
  const result_row* loop = loop_baseline(report.results);
  for (auto& r : report.results)
    r.speedup_vs_loop = speedup_vs_loop(r, loop);
  report.warnings = run_warnings(run, report.results, per_size_notes);
  return report;
}

} // namespace policybench
