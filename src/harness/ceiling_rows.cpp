// The ceiling rows of a report: the bound of each row and environment.ceilings, read off rows summarized as every
// policy's are.
#include "harness/ceiling_rows.hpp"

#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "measure/ceilings.hpp"
#include "policies/registry.hpp"

#include <algorithm>

namespace policybench {

figure interval_end(const result_row& row, bool slow) {
  const bool device = row.device == side::device;
  const figure median_s = device ? row.kernel.median_s : row.median_s;
  const figure end_s =
      device ? (slow ? row.kernel.high_s : row.kernel.low_s) : (slow ? row.median_ci_high_s : row.median_ci_low_s);
  const figure median = throughput(row);
  return end_s && median_s ? ratio(scaled(median, *median_s), end_s) : median;
}

figure throughput(const result_row& row) {
  if (row.bounds == ceiling_bound::compute) return row.flops ? row.flops->gflop_per_s : figure();
  return row.device == side::device ? gb_per_s(row.bytes_per_call, row.kernel.median_s) : row.gb_per_s;
}

namespace {

bool ran_as(const result_row& r, side device, ceiling_bound bound) {
  return !is_policy(r) && r.device == device && r.bounds == bound && r.status == row_status::ok && throughput(r);
}

// Whether a ceiling that ran may bound: on a busy machine a one-thread stream outran the disturbed parallel ones
// (a parallel row then read 417% of it), and a median without an interval, or of mostly disturbed calls, is no bound.
bool may_bound(const result_row& r) {
  return r.policy != one_thread_ceiling && r.median_ci_low_s && r.median_ci_high_s &&
         !(r.mostly_disturbed && *r.mostly_disturbed);
}

} // namespace

const result_row* bounding_ceiling(std::span<const result_row> rows, side device, ceiling_bound bound) {
  const result_row* best = nullptr;
  for (const auto& r : rows)
    if (ran_as(r, device, bound) && may_bound(r) && (!best || *throughput(r) > *throughput(*best))) best = &r;
  return best;
}

std::optional<std::string> no_bound_reason(std::span<const result_row> rows, side device, ceiling_bound bound) {
  std::string names;
  for (const auto& r : rows)
    if (ran_as(r, device, bound) && r.policy != one_thread_ceiling) names += (names.empty() ? "" : ", ") + r.policy;
  const bool any_ran =
      std::any_of(rows.begin(), rows.end(), [&](const result_row& r) { return ran_as(r, device, bound); });
  if (!any_ran || bounding_ceiling(rows, device, bound)) return std::nullopt;
  return "no share of the " + std::string(to_string(device)) + " ceiling (% ceiling '-'): " +
         (names.empty() ? std::string("no parallel ceiling ran")
                        : "no parallel ceiling (" + names + ") has a 95% interval of mostly undisturbed calls") +
         "; a larger --budget or a quieter machine gives one";
}

figure pct_of_ceiling(const result_row& row, std::span<const result_row> rows) {
  if (row.bounds == ceiling_bound::compute) return {};
  const result_row* c = bounding_ceiling(rows, row.device, ceiling_bound::bandwidth);
  return c ? scaled(ratio(throughput(row), throughput(*c)), 100) : figure();
}

std::optional<bool> above_ceiling(const result_row& row, std::span<const result_row> rows) {
  const result_row* c = bounding_ceiling(rows, row.device, ceiling_bound::bandwidth);
  const figure slow = interval_end(row, true);
  if (!row.pct_of_ceiling || !c || !slow) return std::nullopt;
  const figure fast = interval_end(*c, false);
  return fast && *slow > *fast;
}

ceiling_summary ceiling_figures(const measured_run& run, std::span<const result_row> rows) {
  ceiling_summary out;
  const result_row* host = bounding_ceiling(rows, side::host, ceiling_bound::bandwidth);
  for (const auto& stream : ceiling_streams(run.device, run.config.work)) {
    const auto row = std::find_if(rows.begin(), rows.end(), [&](const result_row& r) {
      return !is_policy(r) && r.policy == stream.name && r.status == row_status::ok;
    });
    const bool ran = row != rows.end();
    if (ran && &*row == host) { // its schedule, from its key: "static", "one thread"
      out.host_in_place_schedule = stream.key.substr(stream.key.rfind("in_place_") + 9);
      std::replace(out.host_in_place_schedule->begin(), out.host_in_place_schedule->end(), '_', ' ');
    }
    const bool device = stream.device == side::device;
    out.streams.push_back({.key = stream.key,
                           .device = stream.device,
                           .bound = stream.bound,
                           .median_s = !ran     ? figure()
                                       : device ? row->kernel.median_s
                                                : row->median_s,
                           .best_s = ran ? row->min_s : figure(),
                           .rate = ran ? throughput(*row) : figure(),
                           .kernel = stream.bound == ceiling_bound::compute ? stream.backend : ""});
  }
  if (host) {
    out.host_in_place_best_s = host->min_s, out.host_in_place_gb_per_s = throughput(*host);
    out.host_in_place_low_gb_per_s = interval_end(*host, true);
    if (host->huge_page_bytes) out.host_huge_page_bytes = double(*host->huge_page_bytes);
    out.host_effective_parallelism = host->effective_parallelism;
  }
  const double peak = run.device.theoretical_peak_gb_per_s;
  if (peak > 0) out.device_theoretical_peak_gb_per_s = peak;
  if (run.config.work <= 1) return out; // a K = 1 report keeps the fields it had
  const auto peak_figures = [](const compute_peak& p) {
    return compute_peak_figures{.gflop_per_s = p.gflop_per_s > 0 ? figure(p.gflop_per_s) : figure(),
                                .how = p.how.empty() ? std::nullopt : std::optional(p.how)};
  };
  out.host_compute_peak = peak_figures(host_compute_peak(run.config.type, run.host_concurrency, run.host.cpu_mhz));
  const device_info& d = run.device;
  out.device_compute_peak =
      peak_figures(device_compute_peak(run.config.type, d.sm_count, d.sm_clock_khz, d.compute_capability));
  return out;
}

} // namespace policybench
