// Every figure of a result row, declared once: the common fields, then each mode's (set where it is measured), in
// the JSON's order. A new figure in every format is one line here (and its README row).
#include "report/report.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace policybench {
namespace {

using r = result_row;
using column = summary_column;

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
  using json = nlohmann::ordered_json;
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

} // namespace policybench
