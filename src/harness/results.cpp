// Every figure a report shows, computed once from the measurements: statistics, GB/s, ceilings, speedups.
#include "harness/results.hpp"

#include "measure/stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace policybench {
namespace {

using json = nlohmann::ordered_json;

// A missing figure is NaN inside this file and null in the report (GCC 12 warns falsely on std::optional<double>).
constexpr double none = std::numeric_limits<double>::quiet_NaN();

json figure(double v) { return std::isnan(v) ? json(nullptr) : json(v); }

double median(const std::vector<double>& samples_s) { return samples_s.empty() ? none : summarize(samples_s).median_s; }

double ratio(double num, double den) { return den > 0 ? num / den : none; } // NaN in, NaN out

std::string percent(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * fraction);
  return buf;
}

const policy_outcome* find_loop(const run_report& run) {
  for (const auto& o : run.outcomes)
    if (o.name == "loop" && o.result && !o.result->validation_error) return &o;
  return nullptr;
}

// The ceiling a policy is compared with: device policies by CUDA events, host policies by the host clock.
double ceiling_median_s(const run_report& run, const policy_outcome& o) {
  if (o.device == "device") return run.device_ceiling ? median(run.device_ceiling->kernel_s) : none;
  return run.host_ceiling ? median(run.host_ceiling->warm_s) : none;
}

json result_json(const run_report& run, const policy_outcome& o) {
  const double bytes = run.config.bytes_per_call();
  // A run that moves no bytes (--size 0) has times but no throughput, ceiling share or speedup.
  const auto gb_per_s = [bytes](double s) { return bytes > 0 ? ratio(bytes / 1e9, s) : none; };
  json r{{"policy", o.name}, {"device", o.device}, {"backend", o.backend}};
  r["status"] = o.unavailable ? "unavailable" : o.error ? "failed" : o.result->validation_error ? "invalid" : "ok";
  r["reason"] = o.unavailable ? json(*o.unavailable) : o.error ? json(*o.error) : json(nullptr);
  r["type"] = to_string(run.config.type);
  r["size"] = run.config.size;
  r["bytes_per_call"] = bytes;
  r["warmup"] = run.config.warmup;
  const measurement* m = o.result ? &*o.result : nullptr;
  // With --min-time the timed calls differ per policy: count those made.
  r["reps"] = m ? m->in_place.warm_s.size() : std::size_t(run.config.reps);
  r["threads"] = run.host_concurrency;
  std::optional<sample_stats> warm;
  if (m && !m->in_place.warm_s.empty()) warm = summarize(m->in_place.warm_s);
  const auto stat = [&](double sample_stats::*field) { return warm ? json((*warm).*field) : json(nullptr); };
  r["cold_s"] = m ? json(m->in_place.cold_s) : json(nullptr);
  r["min_s"] = stat(&sample_stats::min_s);
  r["median_s"] = stat(&sample_stats::median_s);
  r["mean_s"] = stat(&sample_stats::mean_s);
  r["stddev_s"] = stat(&sample_stats::stddev_s);
  r["cv"] = stat(&sample_stats::cv);
  const double median_s = warm ? warm->median_s : none;
  const double kernel_s = m ? median(m->in_place.kernel_s) : none;
  r["gb_per_s"] = figure(gb_per_s(median_s));
  const double moved = bytes > 0 ? 1 : none;
  r["pct_of_ceiling"] =
      figure(moved * 100 * ratio(ceiling_median_s(run, o), o.device == "device" ? kernel_s : median_s));
  const policy_outcome* loop = find_loop(run);
  r["speedup_vs_loop"] = figure(moved * ratio(loop ? median(loop->result->in_place.warm_s) : none, median_s));
  r["kernel_median_s"] = figure(kernel_s);
  r["kernel_gb_per_s"] = figure(gb_per_s(kernel_s));
  const double e2e_pageable = m && m->e2e_pageable ? median(m->e2e_pageable->warm_s) : none;
  const double e2e_pinned = m && m->e2e_pinned ? median(m->e2e_pinned->warm_s) : none;
  r["e2e_pageable_cold_s"] = figure(m && m->e2e_pageable ? m->e2e_pageable->cold_s : none);
  r["e2e_pageable_median_s"] = figure(e2e_pageable);
  r["e2e_pinned_median_s"] = figure(e2e_pinned);
  r["e2e_over_kernel"] = figure(ratio(e2e_pageable, kernel_s));
  r["validated"] = m && !m->validation_error;
  r["validation_error"] = m && m->validation_error ? json(*m->validation_error) : json(nullptr);
  return r;
}

} // namespace

json environment_json(const run_report& run) {
  const auto& h = run.host;
  const auto& d = run.device;
  const double bytes = run.config.bytes_per_call();
  const double host_copy_s = run.host_ceiling ? median(run.host_ceiling->warm_s) : none;
  const double device_copy_s = run.device_ceiling ? median(run.device_ceiling->kernel_s) : none;
  return {
      {"policybench_version", POLICYBENCH_VERSION},
      {"config",
       {{"type", to_string(run.config.type)},
        {"size", run.config.size},
        {"working_set_bytes", run.config.size * size_of(run.config.type)},
        {"bytes_per_call", bytes},
        {"warmup", run.config.warmup},
        {"reps", run.config.reps},
        {"min_time_s", run.config.min_time_s},
        {"threads_limit", run.threads_limit ? json(*run.threads_limit) : json(nullptr)},
        {"host_concurrency", run.host_concurrency}}},
      {"host",
       {{"cpu_model", h.cpu_model},
        {"logical_cores", h.logical_cores},
        {"l1d_cache_bytes", h.l1d_cache_bytes},
        {"l2_cache_bytes", h.l2_cache_bytes},
        {"llc_bytes", h.llc_bytes},
        {"tbb_version", h.tbb_version},
        {"tbb_default_concurrency", h.tbb_default_concurrency},
        {"compiler", h.compiler},
        {"standard_library", h.standard_library},
        {"pstl_backend", h.pstl_backend},
        {"thrust_version", h.thrust_version},
        {"openmp", h.openmp}}},
      {"device",
       {{"available", !d.unavailable},
        {"unavailable_reason", d.unavailable ? json(*d.unavailable) : json(nullptr)},
        {"thrust_device_system", d.thrust_device_system},
        {"cuda_runtime_version", d.runtime_version},
        {"cuda_driver_version", d.driver_version},
        {"name", d.name},
        {"compute_capability", d.compute_capability},
        {"sm_count", d.sm_count},
        {"l2_cache_bytes", d.l2_cache_bytes},
        {"memory_bytes", d.memory_bytes},
        {"free_memory_bytes", d.free_memory_bytes},
        {"sm_clock_khz", d.sm_clock_khz},
        {"memory_clock_khz", d.memory_clock_khz},
        {"memory_bus_width_bits", d.memory_bus_width_bits},
        {"theoretical_peak_gb_per_s", d.theoretical_peak_gb_per_s},
        {"context_create_s", d.context_create_s}}},
      {"ceilings",
       {{"host_copy_median_s", figure(host_copy_s)},
        {"host_copy_gb_per_s", figure(ratio(bytes / 1e9, host_copy_s))},
        {"device_copy_median_s", figure(device_copy_s)},
        {"device_copy_gb_per_s", figure(ratio(bytes / 1e9, device_copy_s))},
        {"device_theoretical_peak_gb_per_s", figure(d.theoretical_peak_gb_per_s > 0 ? d.theoretical_peak_gb_per_s : none)}}},
  };
}

std::vector<std::string> run_warnings(const run_report& run, bool per_size_notes) {
  std::vector<std::string> out;
  if (run.host.pstl_backend != "oneTBB")
    out.push_back("std::par and std::par_unseq run SERIALLY: libstdc++'s PSTL was compiled without oneTBB "
                  "(<tbb/tbb.h> not found), so their rows measure one thread");
  const std::uint64_t array_bytes = run.config.size * size_of(run.config.type);
  const auto cache_warning = [&](const char* where, std::size_t cache_bytes) {
    if (per_size_notes && cache_bytes > 0 && array_bytes > 0 && array_bytes < 4 * std::uint64_t(cache_bytes))
      out.push_back(std::string("the array (") + std::to_string(array_bytes) + " bytes) is smaller than 4x the " +
                    where + " (" + std::to_string(cache_bytes) + " bytes): figures include cache effects, not "
                    "memory bandwidth alone (STREAM's rule); use a larger --size");
  };
  cache_warning("host's last-level cache", run.host.llc_bytes);
  const bool device_ran = std::any_of(run.outcomes.begin(), run.outcomes.end(),
                                      [](const auto& o) { return o.device == "device" && o.result; });
  if (device_ran) cache_warning("device's L2 cache", run.device.l2_cache_bytes);
  if (run.device_ceiling_error) out.push_back("device copy ceiling not measured: " + *run.device_ceiling_error);
  for (const auto& o : run.outcomes) {
    if (o.error) out.push_back(o.name + " failed: " + *o.error);
    if (!o.result) continue;
    if (o.result->validation_error) out.push_back(o.name + " FAILED VALIDATION: " + *o.result->validation_error);
    if (per_size_notes && array_bytes > 0 && !o.result->in_place.warm_s.empty())
      if (const double cv = summarize(o.result->in_place.warm_s).cv; cv > noisy_cv)
        out.push_back(o.name + ": warm times vary (cv " + percent(cv) + " > " + percent(noisy_cv) +
                      "); the median is less certain, try more --reps on a quieter machine");
  }
  return out;
}

json result_rows(const run_report& run) {
  json results = json::array();
  for (const auto& o : run.outcomes) results.push_back(result_json(run, o));
  return results;
}

json to_json(const run_report& run) {
  return {{"environment", environment_json(run)}, {"results", result_rows(run)}, {"warnings", run_warnings(run)}};
}

} // namespace policybench
