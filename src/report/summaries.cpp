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

constexpr column wide_duration(const char* header) { return {.show = table_show::wide, .header = header}; }

const std::array all{
    summary{"policy", "", &r::policy},
    summary{"device", "", &r::device},
    summary{"backend", "", &r::backend},
    summary{"role", "", &r::role},
    summary{"bounds", "", &r::bounds},
    summary{"status", "", &r::status},
    summary{"reason", "", &r::reason},
    summary{"type", "", &r::type},
    summary{"size", "count", &r::size},
    summary{"bytes_per_call", "B", &r::bytes_per_call},
    summary{"warmup", "count", &r::warmup},
    summary{"reps", "count", &r::reps},
    summary{"disturbed_calls", "count", &r::disturbed_calls},
    summary{"mostly_disturbed", "", &r::mostly_disturbed},
    summary{"threads", "count", &r::threads},
    summary{"cold_s", "s", &r::cold_s},
    summary{"min_s", "s", &r::min_s},
    summary{"median_s", "s", &r::median_s},
    summary{"mean_s", "s", &r::mean_s},
    summary{"stddev_s", "s", &r::stddev_s},
    summary{"cv", "", &r::cv},
    summary{"samples_s", "s", &r::samples_s},
    summary{"median_ci_low_s", "s", &r::median_ci_low_s},
    summary{"median_ci_high_s", "s", &r::median_ci_high_s},
    summary{"median_ci_confidence", "", &r::median_ci_confidence},
    summary{"effective_parallelism", "", &r::effective_parallelism},
    summary{"huge_page_bytes", "B", &r::huge_page_bytes},
    summary{"gb_per_s", "GB/s", &r::gb_per_s},
    summary{"pct_of_ceiling", "%", &r::pct_of_ceiling},
    summary{"above_ceiling", "", &r::above_ceiling},
    summary{"speedup_vs_loop", "x", &r::speedup_vs_loop},
    summary{"validated", "", &r::validated},
    summary{"validation_error", "", &r::validation_error},
    summary{"stopped_by", "", &r::stopped_by},
    // --work K: the roofline (harness/rules.hpp); a compute ceiling has its FLOPs alone.
    summary{"work", "count", work, {.show = table_show::wide_or_work_sweep, .header = "K", .decimals = 0}},
    summary{"flops_per_call", "FLOP", in<&r::flops, &flop_figures::flops_per_call>},
    summary{"gflop_per_s",
            "GFLOP/s",
            in<&r::flops, &flop_figures::gflop_per_s>,
            {.show = table_show::always, .header = "GFLOP/s"}},
    summary{"flop_per_byte",
            "FLOP/B",
            in<&r::roofline, &roofline_place::flop_per_byte>,
            {.show = table_show::wide, .header = "FLOP/B", .decimals = 3}},
    summary{"roofline_bound_gflop_per_s", "GFLOP/s", in<&r::roofline, &roofline_place::bound_gflop_per_s>},
    summary{"pct_of_roofline",
            "%",
            in<&r::roofline, &roofline_place::pct_of_bound>,
            {.show = table_show::always, .header = "% roofline", .decimals = 1}},
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
            {.show = table_show::always, .header = "e2e/kernel", .decimals = 0, .suffix = "x"}},
    // A thread sweep (harness/rules.hpp).
    summary{"speedup_vs_1_thread",
            "x",
            in<&r::scaling, &thread_scaling::speedup_vs_1_thread>,
            {.show = table_show::always, .header = "vs 1 thread", .suffix = "x"}},
    summary{"parallel_efficiency",
            "",
            in<&r::scaling, &thread_scaling::parallel_efficiency>,
            {.show = table_show::wide, .header = "efficiency", .decimals = 0, .scale = 100, .suffix = "%"}},
    // An MPI job (mpi/job.cpp).
    summary{"rank_median_min_s", "s", in<&r::ranks, &rank_spread::median_min_s>, wide_duration("fastest rank")},
    summary{"rank_median_max_s", "s", in<&r::ranks, &rank_spread::median_max_s>, wide_duration("slowest rank")},
    summary{"imbalance",
            "x",
            in<&r::ranks, &rank_spread::imbalance>,
            {.show = table_show::always, .header = "imbalance", .decimals = 3, .suffix = "x"}},
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

std::vector<const summary*> summaries_of(std::span<const result_row> rows) {
  std::vector<const result_row*> all_rows;
  for (const auto& row : rows)
    all_rows.push_back(&row);
  std::vector<const summary*> out;
  for (const summary& s : all)
    if (any_has(all_rows, s)) out.push_back(&s);
  return out;
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
