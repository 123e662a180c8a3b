// Every figure a report shows, computed once from the measurements: statistics, GB/s, ceilings, speedups, the GPU
// views of a device row (each figure one line; report/summaries.cpp declares how each is printed), its status words.
#include "harness/run.hpp"

#include "harness/ceiling_rows.hpp"
#include "harness/roofline.hpp"
#include "harness/rules.hpp"
#include "measure/run_config.hpp"
#include "measure/timing.hpp"

namespace policybench {

// The report's words for a row's status.
constexpr enum_name<row_status> row_status_names[] = {{row_status::ok, "ok"},
                                                      {row_status::invalid, "invalid"},
                                                      {row_status::failed, "failed"},
                                                      {row_status::unavailable, "unavailable"}};

std::string to_string(row_status s) { return std::string(name_in(row_status_names, s)); }

void add_gpu_views(result_row& row, const measurement* m, bool keep_disturbed) {
  const measurement did_not_run{};
  const measurement& r = m ? *m : did_not_run; // every view none
  const auto median = [&](const std::optional<timed_calls>& t) {
    const auto s = t ? summarize_view(*t, timing_view::host, keep_disturbed) : std::nullopt;
    return s ? figure(s->stats.median_s) : figure();
  };
  row.kernel = {};
  if (const auto kernel = summarize_view(r.in_place, timing_view::kernel, keep_disturbed)) {
    row.kernel.median_s = kernel->stats.median_s;
    if (const auto& ci = kernel->interval) row.kernel.low_s = ci->lower_s, row.kernel.high_s = ci->upper_s;
  }
  const figure pageable = median(r.e2e_pageable);
  const auto mhz = [](const std::optional<gpu_clocks>& clocks, unsigned gpu_clocks::*which) {
    return clocks ? figure((*clocks).*which) : figure();
  };
  row.gpu = gpu_figures{.kernel_gb_per_s = gb_per_s(row.bytes_per_call, row.kernel.median_s),
                        .no_kernel_time_reason = r.no_kernel_time,
                        .sm_clock_before_mhz = mhz(r.clocks_before, &gpu_clocks::sm_mhz),
                        .sm_clock_after_mhz = mhz(r.clocks_after, &gpu_clocks::sm_mhz),
                        .memory_clock_before_mhz = mhz(r.clocks_before, &gpu_clocks::memory_mhz),
                        .memory_clock_after_mhz = mhz(r.clocks_after, &gpu_clocks::memory_mhz),
                        .e2e_pageable_cold_s = r.e2e_pageable ? figure(r.e2e_pageable->cold_s) : figure(),
                        .e2e_pageable_median_s = pageable,
                        .e2e_pinned_median_s = median(r.e2e_pinned),
                        .e2e_over_kernel = ratio(pageable, row.kernel.median_s)};
}

namespace {

environment_info environment_of(const measured_run& run) {
  const run_config& cfg = run.config;
  const bool interleaved = run.order.order == policy_order::interleaved;
  const report_config config{.type = std::string(to_string(cfg.type)),
                             .size = cfg.size,
                             .working_set_bytes = cfg.size * size_of(cfg.type),
                             .bytes_per_call = cfg.bytes_per_call(),
                             .warmup = cfg.warmup,
                             .reps = cfg.stop.reps,
                             .min_time_s = cfg.stop.min_time_s,
                             .threads_limit = run.threads_limit,
                             .work = cfg.work,
                             .host_concurrency = run.host_concurrency,
                             .pages = std::string(to_string(cfg.pages)),
                             .first_touch = std::string(to_string(cfg.first_touch)),
                             .max_noise_pct = cfg.stop.max_noise > 0 ? figure(100 * cfg.stop.max_noise) : figure(),
                             .timeout_s = cfg.stop.limit_s > 0 ? figure(cfg.stop.limit_s) : figure(),
                             .budget_s =
                                 run.order.budget.budget_s() > 0 ? figure(run.order.budget.budget_s()) : figure(),
                             .keep_disturbed = cfg.keep_disturbed,
                             .order = std::string(to_string(run.order.order)),
                             .rounds = run.rounds,
                             .seed = interleaved ? std::optional(run.order.seed) : std::nullopt,
                             .round_orders = run.round_orders,
                             .stream_hold = cfg.hold_stream,
                             .end_to_end = cfg.end_to_end};
  return {.config = config, .host = run.host, .device = run.device, .ceilings = {}};
}

row_status status_of(const policy_outcome& o) {
  if (o.unavailable) return row_status::unavailable;
  if (o.error) return row_status::failed;
  return o.result->validation_error ? row_status::invalid : row_status::ok;
}

// One stream's row, policy or ceiling alike; the shares of the ceiling come once every row is summarized.
result_row row_of(const measured_run& run, const policy_outcome& o) {
  const measurement* m = o.result ? &*o.result : nullptr;
  const bool keep = run.config.keep_disturbed;
  const bool ceiling = o.role == stream_role::ceiling;
  result_row r{.policy = o.name,
               .device = o.device,
               .backend = o.backend,
               .role = o.role,
               .bounds = ceiling ? std::optional(o.bound) : std::nullopt,
               .status = status_of(o),
               .reason = o.unavailable ? o.unavailable : o.error,
               .type = std::string(to_string(run.config.type)),
               .size = run.config.size,
               .bytes_per_call = m && m->bytes_per_call ? *m->bytes_per_call : run.config.bytes_per_call(),
               .warmup = run.config.warmup,
               .threads = run.host_concurrency};
  if (m) {
    r.cold_s = m->in_place.cold_s, r.validated = !m->validation_error, r.validation_error = m->validation_error;
    r.huge_page_bytes = m->huge_page_bytes, r.stopped_by = std::string(to_string(m->in_place.stopped_by));
    r.reps = 0;
  }
  if (m && disturbance_known(m->in_place)) {
    const std::size_t disturbed = disturbed_calls(m->in_place);
    r.disturbed_calls = disturbed, r.mostly_disturbed = 2 * disturbed > m->in_place.warm_s.size();
  }
  if (const auto host = m ? summarize_view(m->in_place, timing_view::host, keep) : std::nullopt) {
    r.samples_s = host->counted_s, r.reps = host->counted_s.size();
    r.min_s = host->stats.min_s, r.median_s = host->stats.median_s, r.mean_s = host->stats.mean_s;
    r.stddev_s = host->stats.stddev_s, r.cv = host->stats.cv;
    if (const auto& ci = host->interval)
      r.median_ci_low_s = ci->lower_s, r.median_ci_high_s = ci->upper_s, r.median_ci_confidence = ci->confidence;
    r.effective_parallelism = measured_parallelism(m->in_place, keep);
  }
  r.gb_per_s = gb_per_s(r.bytes_per_call, r.median_s);
  if (r.device == side::device) add_gpu_views(r, m, keep);
  if (ceiling && o.bound == ceiling_bound::compute) add_compute_figures(r, m ? m->flops_per_call : std::nullopt);
  return r;
}

} // namespace

benchmark_report to_report(const measured_run& run, bool per_size_notes) {
  benchmark_report report;
  report.environment = environment_of(run);
  for (const auto& o : run.outcomes)
    report.results.push_back(row_of(run, o));
  const result_row* loop = loop_baseline(report.results);
  for (auto& r : report.results) {
    r.pct_of_ceiling = pct_of_ceiling(r, report.results);
    r.above_ceiling = above_ceiling(r, report.results);
    if (is_policy(r)) r.speedup_vs_loop = speedup_vs_loop(r, loop);
    if (is_policy(r) && run.config.work > 1) add_roofline(r, run.config.work, report.results); // K = 1: no more
  }
  report.environment.ceilings = ceiling_figures(run, report.results);
  report.warnings = run_warnings(run, report.results, per_size_notes);
  return report;
}

} // namespace policybench
