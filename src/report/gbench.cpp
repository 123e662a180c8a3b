// The report as Google Benchmark's JSON (its src/json_reporter.cc and docs/user_guide.md), so that tools reading
// that format (tools/compare.py, "googlecpp" trackers) read policybench runs: one iteration per timed call.
#include "report/report.hpp"

#include "measure/timing.hpp"

#include <map>
#include <string>

namespace policybench {
namespace {

using json = nlohmann::ordered_json;

json caches_json(const host_info& h) {
  json out = json::array();
  const auto cache = [&](const char* type, int level, std::size_t bytes, int sharing) {
    if (bytes > 0) out.push_back({{"type", type}, {"level", level}, {"size", bytes}, {"num_sharing", sharing}});
  };
  // host_info reads per-core L1d and L2 (SMT siblings are not counted) and the last-level cache over every instance.
  cache("Data", 1, h.l1d_cache_bytes, 1);
  cache("Unified", 2, h.l2_cache_bytes, 1);
  const int instances = h.llc_instances > 0 ? h.llc_instances : 1;
  if (h.llc_bytes != h.l2_cache_bytes)
    cache("Unified", 3, h.llc_bytes / std::size_t(instances), h.logical_cores > 0 ? h.logical_cores / instances : 0);
  return out;
}

// A run's entry fields up to run_type, as json_reporter.cc orders them.
json entry(const std::string& name, const std::string& run_name, std::size_t family, std::size_t instance,
           const char* run_type, std::size_t repetitions) {
  return {{"name", name},         {"family_index", family}, {"per_family_instance_index", instance},
          {"run_name", run_name}, {"run_type", run_type},   {"repetitions", repetitions}};
}

// `per_unit`: 1e9 for times (in ns), 1 for cv (a fraction, whatever the time unit).
void add_times(json& e, std::size_t iterations, double real, double cpu, figure bytes_per_second,
               double per_unit = 1e9) {
  e["iterations"] = iterations;
  e["real_time"] = real * per_unit;
  e["cpu_time"] = cpu * per_unit;
  e["time_unit"] = "ns";
  if (bytes_per_second) e["bytes_per_second"] = *bytes_per_second;
}

// The row's known figures of its modes as user counters (Google Benchmark writes a run's counters beside its times).
void add_counters(json& e, const result_row& r) {
  for (const summary& s : summaries())
    if (const auto v = mode_value_of(r, s); std::holds_alternative<figure>(v) && std::get<figure>(v))
      e[s.name] = *std::get<figure>(v);
}

std::string benchmark_name(const benchmark_report& report, const result_row& r) {
  std::string name = r.workload + "/" + r.policy + "/" + r.type + "/" + std::to_string(r.size);
  if (const sweep_axis* axis = report.sweep ? &axis_of(report.sweep->kind) : nullptr; axis && !axis->gbench_arg.empty())
    name.append("/").append(axis->gbench_arg).append(":").append(std::to_string(axis->value_of(r)));
  if (r.roofline) name.append("/work:").append(std::to_string(r.roofline->work)); // K > 1
  return name;
}

} // namespace

nlohmann::ordered_json to_gbench_json(const benchmark_report& report, const run_context& context) {
  const host_info& h = report.environment.host;
  json out{{"context",
            {{"date", context.date},
             {"host_name", context.host_name},
             {"executable", context.executable},
             {"num_cpus", h.logical_cores},
             {"mhz_per_cpu", context.mhz_per_cpu},
             {"cpu_scaling_enabled", context.cpu_scaling_enabled},
             {"caches", caches_json(h)},
             {"load_avg", context.load_avg},
             {"library_build_type", "release"},
             // policybench's own marks, as its JSON's: part of what was asked (a sweep's points so far, a run
             // Ctrl-C ended), and whether Ctrl-C ended it. Readers of the format ignore keys they do not know.
             {"partial", report.partial},
             {"interrupted", report.interrupted}}}};
  json benchmarks = json::array();
  std::map<std::string, std::size_t> families, instances;
  for (const auto& r : report.results) {
    if (r.status != row_status::ok || r.samples_s.empty()) continue; // what did not run validly is not timed
    const std::size_t family = families.try_emplace(r.policy, families.size()).first->second;
    const std::size_t instance = instances[r.policy]++;
    const std::string name = benchmark_name(report, r);
    const std::size_t n = r.samples_s.size();
    // CPU time per call: the process's CPU time over the timed calls / their count (every thread, as
    // MeasureProcessCPUTime), i.e. wall time x effective parallelism.
    const double cpu_share = r.effective_parallelism ? *r.effective_parallelism : 1.0;
    std::vector<double> rates;
    for (std::size_t i = 0; i < n; ++i) {
      json e = entry(name, name, family, instance, "iteration", n);
      e["repetition_index"] = i;
      e["threads"] = 1;              // one thread calls the policy; the policy's own threads are in cpu_time
      e["role"] = to_string(r.role); // so that trackers tell the policies from what they are set against
      const figure rate = r.bytes_per_call > 0 ? ratio(r.bytes_per_call, r.samples_s[i]) : figure();
      if (rate) rates.push_back(*rate);
      add_times(e, 1, r.samples_s[i], r.samples_s[i] * cpu_share, rate);
      add_counters(e, r);
      benchmarks.push_back(std::move(e));
    }
    if (n < 2) continue; // Google Benchmark computes aggregates from two repetitions on
    const sample_stats bw = rates.empty() ? sample_stats{} : summarize_series(rates)->stats;
    // cv is a ratio: the same for CPU time, which is wall time scaled by one constant, and in no time unit.
    const auto aggregate = [&](const std::string& kind, figure value, double rate) {
      const bool cv = kind == "cv";
      json e = entry(name + "_" + kind, name, family, instance, "aggregate", n);
      e["threads"] = 1;
      e["aggregate_name"] = kind;
      e["aggregate_unit"] = cv ? "percentage" : "time"; // json_reporter.cc's words
      add_times(e, n, *value, cv ? *value : *value * cpu_share, rates.empty() ? figure() : figure(rate), cv ? 1 : 1e9);
      if (kind == "mean" || kind == "median") add_counters(e, r); // a spread of a row's figure would be 0
      benchmarks.push_back(std::move(e));
    };
    aggregate("mean", r.mean_s, bw.mean_s);
    aggregate("median", r.median_s, bw.median_s);
    aggregate("stddev", r.stddev_s, bw.stddev_s);
    aggregate("cv", r.cv, bw.cv);
  }
  out["benchmarks"] = std::move(benchmarks);
  return out;
}

void write_gbench(const benchmark_report& report, const run_context& context, std::ostream& out) {
  json document = to_gbench_json(report, context);
  write_json_text(document, json::json_pointer("/context/warnings"), out);
}

} // namespace policybench
