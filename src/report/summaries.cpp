// Every figure of a result row, declared once: the common fields, then each mode's (set where it is measured), in
// the JSON's order; a new figure in every format is one line here (and its README row). Then the formats that print
// them: JSON (README "JSON schema"), CSV (one line per row of the scalars) and Google Benchmark's JSON, so that tools
// reading that format (tools/compare.py, "googlecpp" trackers) read policybench runs: one iteration per timed call.
#include "report/report.hpp"

#include "harness/rules.hpp"
#include "measure/timing.hpp"

#include <algorithm>
#include <array>

namespace policybench {
namespace {

using r = result_row;
using column = summary_column;
using json = nlohmann::ordered_json;

// The visitor over a variant's alternatives: one lambda per type.
template <class... F> struct overloaded : F... { using F::operator()...; };
template <class... F> overloaded(F...) -> overloaded<F...>;

// A mode's figure: member `m` of the row's group `g`, absent where the row has no such group.
template <auto g, auto m> mode_value in(const r& row) {
  const auto& group = row.*g;
  return group ? mode_value((*group).*m) : mode_value();
}

// The kernel view of a device row (row.kernel; every device row has row.gpu).
template <figure view_figures::*m> mode_value kernel(const r& row) {
  return row.gpu ? mode_value(row.kernel.*m) : mode_value();
}

mode_value work(const r& row) { return row.roofline ? mode_value(figure(row.roofline->work)) : mode_value(); }

// The tables a column is in. The default table leaves to --wide what does not fit 120 columns: where the rows have
// their roofline (--work K), % roofline takes the place of % ceiling, and a thread sweep's own speedups (vs 1
// thread) those over loop and the best call.
bool always(const table_view&) { return true; }
bool never(const table_view&) { return false; }
bool wide(const table_view& v) { return v.wide; }
bool no_scaling(const table_view& v) {
  return v.wide || std::none_of(v.rows.begin(), v.rows.end(), [](const r* row) { return row->scaling.has_value(); });
}
bool best_shown(const table_view& v) { return v.ceilings && no_scaling(v); }
bool speedup_shown(const table_view& v) { return !v.ceilings && no_scaling(v); }
// A policy's place on the roofline; a work sweep's ceiling rows carry their point's K alone.
bool policies_shown(const table_view& v) { return v.wide || !v.ceilings; }
bool ceiling_share_shown(const table_view& v) {
  return v.wide || v.ceilings ||
         std::none_of(v.rows.begin(), v.rows.end(), [](const r* row) { return row->roofline.has_value(); });
}

constexpr column wide_duration(const char* header) {
  return {.header = header, .shown = wide, .hint = cell_hint::duration};
}

// A common column's place: the table's order, which is not the JSON's (a mode's columns follow these).
enum place : int { at_axis, at_name, at_calls, at_where, at_times, at_rates, at_parallelism, at_end = 1000 };

constexpr column common(const char* header, place at, cell_hint hint, bool (*shown)(const table_view&) = always,
                        int decimals = 2, const char* suffix = "") {
  return {.header = header, .place = at, .shown = shown, .hint = hint, .decimals = decimals, .suffix = suffix};
}

const std::array all{
    summary{"policy", "", &r::policy, common("policy", at_name, cell_hint::name)},
    summary{"device", "", &r::device, common("device", at_where, cell_hint::text, wide)},
    summary{"backend", "", &r::backend, common("backend", at_where, cell_hint::text, wide)},
    summary{"role", "", &r::role},
    summary{"bounds", "", &r::bounds},
    summary{"status", "", &r::status},
    summary{"reason", "", &r::reason},
    summary{"workload", "", &r::workload},
    summary{"type", "", &r::type},
    // A sweep's axis shows its value first, in every table (harness/sweep.hpp: the axis' name is the field's).
    summary{"size", "count", &r::size, common("size", at_axis, cell_hint::count, never)},
    summary{"bytes_per_call", "B", &r::bytes_per_call},
    summary{"warmup", "count", &r::warmup},
    summary{"reps", "count", &r::reps, common("reps", at_calls, cell_hint::count)},
    summary{"disturbed_calls", "count", &r::disturbed_calls, common("disturbed", at_calls, cell_hint::disturbed)},
    summary{"mostly_disturbed", "", &r::mostly_disturbed},
    summary{"threads", "count", &r::threads, common("threads", at_axis, cell_hint::count, never)},
    summary{"cold_s", "s", &r::cold_s, common("cold", at_where, cell_hint::duration, wide)},
    summary{"min_s", "s", &r::min_s, common("best", at_rates, cell_hint::duration, best_shown)},
    summary{"median_s", "s", &r::median_s, common("median", at_times, cell_hint::duration)},
    summary{"mean_s", "s", &r::mean_s},
    summary{"stddev_s", "s", &r::stddev_s},
    summary{"cv", "", &r::cv},
    summary{"samples_s", "s", &r::samples_s},
    summary{"median_ci_low_s", "s", &r::median_ci_low_s, common("±", at_times, cell_hint::interval)},
    summary{"median_ci_high_s", "s", &r::median_ci_high_s},
    summary{"median_ci_confidence", "", &r::median_ci_confidence},
    summary{"effective_parallelism", "", &r::effective_parallelism,
            common("eff. par.", at_parallelism, cell_hint::fixed)},
    summary{"huge_page_bytes", "B", &r::huge_page_bytes},
    summary{"gb_per_s", "GB/s", &r::gb_per_s, common("GB/s", at_times, cell_hint::bandwidth, always, 1)},
    summary{"pct_of_ceiling", "%", &r::pct_of_ceiling,
            common("% ceiling", at_times, cell_hint::ceiling_share, ceiling_share_shown, 1)},
    summary{"above_ceiling", "", &r::above_ceiling},
    summary{"speedup_vs_loop", "x", &r::speedup_vs_loop,
            common("speedup", at_rates, cell_hint::fixed, speedup_shown, 2, "x")},
    summary{"validated", "", &r::validated, common("validated", at_end, cell_hint::yes_no, wide)},
    summary{"validation_error", "", &r::validation_error},
    summary{"stopped_by", "", &r::stopped_by},
    // --work K: the roofline (harness/rules.hpp); a compute ceiling has its FLOPs alone.
    summary{"work", "count", work, {.header = "K", .shown = wide, .hint = cell_hint::count}},
    summary{"flops_per_call", "FLOP", in<&r::flops, &flop_figures::flops_per_call>},
    summary{"gflop_per_s", "GFLOP/s", in<&r::flops, &flop_figures::gflop_per_s>, {.header = "GFLOP/s"}},
    summary{"flop_per_byte",
            "FLOP/B",
            in<&r::roofline, &roofline_place::flop_per_byte>,
            {.header = "FLOP/B", .shown = wide, .decimals = 3}},
    summary{"roofline_bound_gflop_per_s", "GFLOP/s", in<&r::roofline, &roofline_place::bound_gflop_per_s>},
    summary{"pct_of_roofline",
            "%",
            in<&r::roofline, &roofline_place::pct_of_bound>,
            {.header = "% roofline", .shown = policies_shown, .decimals = 1}},
    // A device row's GPU views (add_gpu_views, harness/run.cpp).
    summary{"kernel_median_s", "s", kernel<&view_figures::median_s>, wide_duration("kernel")},
    summary{"kernel_median_ci_low_s", "s", kernel<&view_figures::low_s>},
    summary{"kernel_median_ci_high_s", "s", kernel<&view_figures::high_s>},
    summary{"kernel_gb_per_s", "GB/s", in<&r::gpu, &gpu_figures::kernel_gb_per_s>},
    summary{"no_kernel_time_reason", "", in<&r::gpu, &gpu_figures::no_kernel_time_reason>},
    summary{"sm_clock_before_mhz", "MHz", in<&r::gpu, &gpu_figures::sm_clock_before_mhz>},
    summary{"sm_clock_after_mhz", "MHz", in<&r::gpu, &gpu_figures::sm_clock_after_mhz>},
    summary{"memory_clock_before_mhz", "MHz", in<&r::gpu, &gpu_figures::memory_clock_before_mhz>},
    summary{"memory_clock_after_mhz", "MHz", in<&r::gpu, &gpu_figures::memory_clock_after_mhz>},
    summary{"e2e_pageable_cold_s", "s", in<&r::gpu, &gpu_figures::e2e_pageable_cold_s>},
    summary{"e2e_pageable_median_s", "s", in<&r::gpu, &gpu_figures::e2e_pageable_median_s>,
            wide_duration("e2e pageable")},
    summary{"e2e_pinned_median_s", "s", in<&r::gpu, &gpu_figures::e2e_pinned_median_s>, wide_duration("e2e pinned")},
    summary{"e2e_over_kernel",
            "x",
            in<&r::gpu, &gpu_figures::e2e_over_kernel>,
            {.header = "e2e/kernel", .decimals = 0, .suffix = "x"}},
    // A thread sweep (harness/rules.hpp).
    summary{"speedup_vs_1_thread",
            "x",
            in<&r::scaling, &thread_scaling::speedup_vs_1_thread>,
            {.header = "vs 1 thread", .suffix = "x"}},
    summary{"parallel_efficiency",
            "",
            in<&r::scaling, &thread_scaling::parallel_efficiency>,
            {.header = "efficiency", .shown = wide, .decimals = 0, .scale = 100, .suffix = "%"}},
    // An MPI job (mpi/job.cpp).
    summary{"rank_median_min_s", "s", in<&r::ranks, &rank_spread::median_min_s>, wide_duration("fastest rank")},
    summary{"rank_median_max_s", "s", in<&r::ranks, &rank_spread::median_max_s>, wide_duration("slowest rank")},
    summary{"imbalance",
            "x",
            in<&r::ranks, &rank_spread::imbalance>,
            {.header = "imbalance", .decimals = 3, .suffix = "x"}},
};

// The summaries `rows` have (any_has), in order: the fields of every format's row.
std::vector<const summary*> summaries_of(std::span<const result_row> rows) {
  std::vector<const result_row*> all_rows;
  for (const auto& row : rows)
    all_rows.push_back(&row);
  std::vector<const summary*> out;
  for (const summary& s : summaries())
    if (any_has(all_rows, s)) out.push_back(&s);
  return out;
}

json sweep_json(const sweep_info& s, std::span<const result_row> results) {
  const sweep_axis& axis = axis_of(s.kind);
  json out{{"kind", std::string(axis.name)}};
  if (const auto bounds = axis.bounds(s)) {
    out[std::string("min_").append(axis.name)] = bounds->first;
    out[std::string("max_").append(axis.name)] = bounds->second;
  }
  if (axis.sizes_array) POLICYBENCH_JSON_MEMBERS(out, s, stopped_at, stop_reason);
  out["min_time_s"] = s.min_time_s;
  json& series = out["series"] = json::array();
  for (const auto& p : s.series) { // each point's ceilings read off its ceiling rows
    json& point = series.emplace_back(json::object());
    POLICYBENCH_JSON_MEMBERS(point, p, size, threads);
    POLICYBENCH_JSON_MEMBERS(point, ceilings_at(p, results), host_in_place_gb_per_s, host_in_place_low_gb_per_s,
                             device_copy_gb_per_s);
    POLICYBENCH_JSON_MEMBERS(point, p, work);
  }
  return out;
}

// A crossover's point, its value under the axis' name ("size": elements, "work": K).
json point_json(const std::optional<crossover_point>& p, const std::string& axis) {
  json out = p ? json::object() : json(nullptr);
  if (p) POLICYBENCH_JSON_MEMBERS(out, *p, challenger_policy, challenger_s, baseline_policy, baseline_s);
  if (p) out[axis] = p->size;
  return out;
}

json crossovers_json(const std::vector<crossover>& crossovers) {
  json out = json::object();
  for (const auto& c : crossovers) {
    const std::string axis(c.axis->name);
    // Keys appended, not "from_" + axis: GCC 12 warns falsely on that (-Wrestrict).
    const auto key = [&](const char* prefix) { return std::string(prefix).append(axis); };
    json& one = out[c.key] = json::object();
    POLICYBENCH_JSON_MEMBERS(one, c, challenger, baseline, view);
    one[std::string(c.axis->compared_key)] = c.sizes_compared;
    one[key("from_")] = c.from_size;
    one[key("at_from_")] = point_json(c.at_from_size, axis);
    one[key("at_largest_")] = point_json(c.at_largest_size, axis);
  }
  return out;
}

// environment.ceilings: each stream's figures under its key (none where it did not run), then the bounding host
// bandwidth ceiling's, the device's theoretical peak, and with a compute ceiling the compute peaks.
json ceilings_json(const benchmark_report& report) {
  const ceiling_summary& c = report.environment.ceilings;
  const auto rows = ceiling_rows(report);
  const result_row* host = bounding_ceiling(rows, side::host, ceiling_bound::bandwidth);
  json out = json::object();
  std::optional<std::string> host_schedule;
  for (const policy_entry& s : c.streams) {
    const result_row* row = ceiling_row(rows, s);
    if (row && row == host) host_schedule = s.schedule;
    out[s.key + "_median_s"] = row ? rated_view(*row).median_s : figure();
    out[s.key + "_best_s"] = row ? row->min_s : figure();
    const bool compute = s.bound == ceiling_bound::compute;
    out[s.key + (compute ? "_gflop_per_s" : "_gb_per_s")] = row ? throughput(*row) : figure();
    if (compute) out[s.key + "_kernel"] = s.backend;
  }
  out["host_in_place_best_s"] = host ? host->min_s : figure();
  out["host_in_place_gb_per_s"] = host ? throughput(*host) : figure();
  out["host_in_place_low_gb_per_s"] = host ? interval_end(*host, true) : figure();
  out["host_in_place_schedule"] = host_schedule;
  out["host_huge_page_bytes"] = host && host->huge_page_bytes ? figure(double(*host->huge_page_bytes)) : figure();
  out["host_effective_parallelism"] = host ? host->effective_parallelism : figure();
  const double device_peak = report.environment.device.theoretical_peak_gb_per_s;
  out["device_theoretical_peak_gb_per_s"] = device_peak > 0 ? figure(device_peak) : figure();
  for (const auto& [where, peak] : {std::pair{"host", c.host_compute_peak}, {"device", c.device_compute_peak}})
    if (peak) {
      out[std::string(where) + "_compute_peak_gflop_per_s"] =
          peak->gflop_per_s > 0 ? figure(peak->gflop_per_s) : figure();
      out[std::string(where) + "_compute_peak_how"] = peak->how.empty() ? json(nullptr) : json(peak->how);
    }
  return out;
}

// The "environment" object: the run's settings, the host and the device member by member, and the ceilings' figures.
json environment_json(const benchmark_report& report) {
  const environment_info& env = report.environment;
  json config = json::object(), host = json::object();
  POLICYBENCH_JSON_MEMBERS(config, env.config, type, workload, size, working_set_bytes, bytes_per_call, warmup, reps,
                           min_time_s, threads_limit, host_concurrency, pages, first_touch, max_noise_pct, timeout_s,
                           budget_s, keep_disturbed, order, rounds, seed, round_orders, stream_hold, end_to_end);
  POLICYBENCH_JSON_MEMBERS(host, env.host, cpu_model, logical_cores, physical_cores, cpuset, l1d_cache_bytes,
                           l2_cache_bytes, llc_bytes, llc_instances, cache_source, transparent_hugepages, numa_nodes,
                           tbb_version, tbb_default_concurrency, compiler, compiled_for, standard_library, pstl_backend,
                           thrust_version, openmp);
  const device_info& d = env.device;
  json device{{"available", !d.unavailable},
              {"unavailable_reason", d.unavailable},
              {"cuda_runtime_version", d.runtime_version},
              {"cuda_driver_version", d.driver_version}};
  POLICYBENCH_JSON_MEMBERS(device, d, thrust_device_system, name, compute_capability, sm_count, l2_cache_bytes,
                           memory_bytes, free_memory_bytes, sm_clock_khz, memory_clock_khz, memory_bus_width_bits,
                           theoretical_peak_gb_per_s, driver_init_s, context_create_s, pci_bus_id, clocks_unavailable);
  // No usable device has no properties: null (unknown), not 0 SMs and 0.0 GB/s that read as a measured device.
  if (d.unavailable)
    for (const char* key :
         {"name", "compute_capability", "sm_count", "l2_cache_bytes", "memory_bytes", "free_memory_bytes",
          "sm_clock_khz", "memory_clock_khz", "memory_bus_width_bits", "theoretical_peak_gb_per_s", "pci_bus_id"})
      device[key] = nullptr;
  // --work K > 1 only (a work sweep's K is in its rows): a K = 1 report keeps its fields as they were.
  if (env.config.work.value_or(1) > 1) config["work"] = *env.config.work;
  return {{"policybench_version", POLICYBENCH_VERSION},
          {"config", std::move(config)},
          {"host", std::move(host)},
          {"device", std::move(device)},
          {"ceilings", ceilings_json(report)}};
}

// `document` indented, and a newline, whatever bytes its strings hold: text that is not UTF-8 (a host name, a file
// name), which nlohmann's dump refuses with type_error 316, is written with U+FFFD in place of each invalid byte,
// and one line saying so is appended to the array at `warnings` in `document` (made when missing).
void write_json_text(json& document, const json::json_pointer& warnings, std::ostream& out) {
  std::string text;
  try {
    text = document.dump(2);
  } catch (const json::type_error& e) {
    if (e.id != 316) throw; // 316: invalid UTF-8; nothing measured is lost to one byte of a name
    document[warnings].push_back("text that is not valid UTF-8 (a host or file name) is written with U+FFFD in place "
                                 "of each invalid byte");
    text = document.dump(2, ' ', false, json::error_handler_t::replace);
  }
  out << text << '\n';
}

// RFC 4180: quote a field holding a comma, a quote or a line break, doubling the quotes inside.
std::string csv_field(const nlohmann::ordered_json& v) {
  if (v.is_null()) return "";
  std::string text = v.is_string() ? v.get<std::string>() : v.dump();
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char ch : text)
    quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + '"';
}

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

std::span<const summary> summaries() { return all; }

mode_value mode_value_of(const result_row& row, const summary& s) {
  const auto* of = std::get_if<mode_value (*)(const result_row&)>(&s.value);
  return of ? (*of)(row) : mode_value();
}

bool any_has(std::span<const result_row* const> rows, const summary& s) {
  return std::holds_alternative<row_member>(s.value) || std::any_of(rows.begin(), rows.end(), [&](const r* row) {
           return !std::holds_alternative<std::monostate>(mode_value_of(*row, s));
         });
}

nlohmann::ordered_json field_json(const result_row& row, const summary& s) {
  const auto common = overloaded{
      [&](row_status r::*m) { return json(to_string(row.*m)); }, [&](side r::*m) { return json(to_string(row.*m)); },
      [&](stream_role r::*m) { return json(to_string(row.*m)); },
      [&](std::optional<ceiling_bound> r::*m) { return row.*m ? json(to_string(*(row.*m))) : json(nullptr); },
      [&](auto m) { return json(row.*m); }};
  if (const auto* m = std::get_if<row_member>(&s.value)) return std::visit(common, *m);
  const mode_value v = mode_value_of(row, s);
  // A count (K) is an integer, as the common counts (size, reps) are: never 1.0.
  if (const auto* f = std::get_if<figure>(&v); f && *f && std::string_view(s.unit) == "count") return std::int64_t(**f);
  return std::visit(overloaded{[](std::monostate) { return json(nullptr); }, [](const auto& x) { return json(x); }}, v);
}

nlohmann::ordered_json to_json(const benchmark_report& report) {
  json results = json::array();
  const auto fields = summaries_of(report.results);
  for (const auto& r : report.results) {
    json row = json::object();
    for (const summary* s : fields)
      row[s->name] = field_json(r, *s);
    results.push_back(std::move(row));
  }
  json out{{"partial", report.partial},
           {"interrupted", report.interrupted},
           {"environment", environment_json(report)},
           {"results", std::move(results)}};
  // One workload: its summary as it always was; several: one each, led by its workload.
  if (report.summaries.size() == 1) out["summary"] = summary_json(report.summaries.front());
  if (report.summaries.size() > 1) {
    json& all = out["summaries"] = json::array();
    for (const run_summary& s : report.summaries) {
      json one{{"workload", s.workload}};
      one.update(summary_json(s));
      all.push_back(std::move(one));
    }
  }
  if (report.sweep) {
    out["sweep"] = sweep_json(*report.sweep, report.results);
    out["crossovers"] = report.crossovers ? crossovers_json(*report.crossovers) : json(nullptr);
    if (report.compute_bound)
      out["compute_bound"] =
          POLICYBENCH_JSON_ARRAY(*report.compute_bound, policy, from_work, largest_work, gflop_per_s_at_largest);
  }
  out["warnings"] = report.warnings;
  return out;
}

json policy_list_json(const std::vector<policy_entry>& registry) {
  json out = json::array();
  for (const auto& p : registry)
    out.push_back({{"name", p.name},
                   {"device", to_string(p.device)},
                   {"role", to_string(p.role)},
                   {"backend", p.backend},
                   {"available", !p.unavailable},
                   {"reason", p.unavailable ? json(*p.unavailable) : json(nullptr)}});
  return out;
}

json workload_list_json(const std::vector<workload_facts>& facts) {
  return POLICYBENCH_JSON_ARRAY(facts, name, inputs, in_place, exact, bytes_per_element, flops_per_element);
}

void write_json(const benchmark_report& report, std::ostream& out, const json_addition& add) {
  json document = to_json(report);
  if (add) add(document);
  write_json_text(document, json::json_pointer("/warnings"), out);
}

void write_csv(const benchmark_report& report, std::ostream& out) {
  if (report.results.empty()) return;
  // One value per column: arrays (samples_s) only JSON carries.
  std::vector<const summary*> fields = summaries_of(report.results);
  std::erase_if(fields, [](const summary* s) {
    const auto* m = std::get_if<row_member>(&s->value);
    return m && std::holds_alternative<std::vector<double> result_row::*>(*m);
  });
  // The header and every line from the same list, then `partial` (the JSON's mark, on every line: a file that holds
  // part of what was asked says so to any reader of rows, where a comment line would be read as the header).
  const auto line = [&](const auto& value, const json& partial) {
    for (const summary* s : fields)
      out << csv_field(value(*s)) << ',';
    out << csv_field(partial) << '\n';
  };
  line([](const summary& s) { return json(s.name); }, "partial");
  for (const auto& r : report.results)
    line([&](const summary& s) { return field_json(r, s); }, report.partial);
}

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
    // CPU time per call: the process's, every thread (as MeasureProcessCPUTime), i.e. wall time x effective
    // parallelism.
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
