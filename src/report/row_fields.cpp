// The result row's fields in the JSON's order; adding a figure is one member in result.hpp and one line here.
// Fields added after a release are not required: --compare-with reads older reports (and seed_compare.py's).
#include "report/row_fields.hpp"

#include <array>

namespace policybench {

namespace {

using r = result_row;
const std::array fields{
    row_field{"policy", &r::policy},
    row_field{"device", &r::device},
    row_field{"backend", &r::backend},
    row_field{"status", &r::status},
    row_field{"reason", &r::reason},
    row_field{"type", &r::type},
    row_field{"size", &r::size},
    row_field{"bytes_per_call", &r::bytes_per_call},
    row_field{"warmup", &r::warmup},
    row_field{"reps", &r::reps},
    row_field{"disturbed_calls", &r::disturbed_calls, field_set::every_row, false},
    row_field{"mostly_disturbed", &r::mostly_disturbed, field_set::every_row, false},
    row_field{"threads", &r::threads, field_set::every_row, false},
    row_field{"cold_s", &r::cold_s},
    row_field{"min_s", &r::min_s},
    row_field{"median_s", &r::median_s},
    row_field{"mean_s", &r::mean_s},
    row_field{"stddev_s", &r::stddev_s},
    row_field{"cv", &r::cv},
    row_field{"samples_s", &r::samples_s, field_set::every_row, false},
    row_field{"median_ci_low_s", &r::median_ci_low_s, field_set::every_row, false},
    row_field{"median_ci_high_s", &r::median_ci_high_s, field_set::every_row, false},
    row_field{"median_ci_confidence", &r::median_ci_confidence, field_set::every_row, false},
    row_field{"effective_parallelism", &r::effective_parallelism, field_set::every_row, false},
    row_field{"huge_page_bytes", &r::huge_page_bytes, field_set::every_row, false},
    row_field{"gb_per_s", &r::gb_per_s},
    row_field{"pct_of_ceiling", &r::pct_of_ceiling},
    row_field{"above_ceiling", &r::above_ceiling, field_set::every_row, false},
    row_field{"speedup_vs_loop", &r::speedup_vs_loop},
    row_field{"kernel_median_s", &r::kernel_median_s},
    row_field{"kernel_gb_per_s", &r::kernel_gb_per_s},
    row_field{"no_kernel_time_reason", &r::no_kernel_time_reason, field_set::every_row, false},
    row_field{"sm_clock_before_mhz", &r::sm_clock_before_mhz, field_set::every_row, false},
    row_field{"sm_clock_after_mhz", &r::sm_clock_after_mhz, field_set::every_row, false},
    row_field{"memory_clock_before_mhz", &r::memory_clock_before_mhz, field_set::every_row, false},
    row_field{"memory_clock_after_mhz", &r::memory_clock_after_mhz, field_set::every_row, false},
    row_field{"e2e_pageable_cold_s", &r::e2e_pageable_cold_s},
    row_field{"e2e_pageable_median_s", &r::e2e_pageable_median_s},
    row_field{"e2e_pinned_median_s", &r::e2e_pinned_median_s},
    row_field{"e2e_over_kernel", &r::e2e_over_kernel},
    row_field{"validated", &r::validated},
    row_field{"validation_error", &r::validation_error},
    row_field{"stopped_by", &r::stopped_by, field_set::every_row, false},
    row_field{"speedup_vs_1_thread", &r::speedup_vs_1_thread, field_set::thread_sweep},
    row_field{"parallel_efficiency", &r::parallel_efficiency, field_set::thread_sweep},
    row_field{"source", &r::source, field_set::compared, false},
    row_field{"rank_median_min_s", &r::rank_median_min_s, field_set::mpi, false},
    row_field{"rank_median_max_s", &r::rank_median_max_s, field_set::mpi, false},
    row_field{"imbalance", &r::imbalance, field_set::mpi, false},
};

} // namespace

std::span<const row_field> row_fields() { return fields; }

std::vector<row_field> fields_of(const benchmark_report& report) {
  const bool thread_sweep = report.sweep && report.sweep->kind == sweep_kind::threads;
  std::vector<row_field> out;
  for (const auto& f : fields)
    if (f.in == field_set::every_row || (f.in == field_set::thread_sweep && thread_sweep) ||
        (f.in == field_set::compared && report.with_sources) || (f.in == field_set::mpi && report.mpi))
      out.push_back(f);
  return out;
}

bool is_scalar(const row_field& field) {
  return !std::holds_alternative<std::vector<double> result_row::*>(field.member);
}

nlohmann::ordered_json field_json(const result_row& row, const row_field& field) {
  using json = nlohmann::ordered_json;
  const auto optional = [&](const auto& v) { return v ? json(*v) : json(nullptr); };
  return std::visit(overloaded{[&](figure r::*m) { return optional(row.*m); },
                               [&](row_status r::*m) { return json(to_string(row.*m)); },
                               [&](std::optional<std::string> r::*m) { return optional(row.*m); },
                               [&](std::optional<int> r::*m) { return optional(row.*m); },
                               [&](std::optional<std::uint64_t> r::*m) { return optional(row.*m); },
                               [&](std::optional<bool> r::*m) { return optional(row.*m); },
                               [&](auto m) { return json(row.*m); }},
                    field.member);
}

} // namespace policybench
