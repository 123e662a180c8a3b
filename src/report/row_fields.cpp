// The result row's common fields in the JSON's order (a mode's figures are extras, set where they are measured),
// and the extras of a report's rows. Fields added after a release are not required: --compare-with reads older
// reports (and seed_compare.py's).
#include "report/row_fields.hpp"

#include <algorithm>
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
    row_field{"disturbed_calls", &r::disturbed_calls, false},
    row_field{"mostly_disturbed", &r::mostly_disturbed, false},
    row_field{"threads", &r::threads, false},
    row_field{"cold_s", &r::cold_s},
    row_field{"min_s", &r::min_s},
    row_field{"median_s", &r::median_s},
    row_field{"mean_s", &r::mean_s},
    row_field{"stddev_s", &r::stddev_s},
    row_field{"cv", &r::cv},
    row_field{"samples_s", &r::samples_s, false},
    row_field{"median_ci_low_s", &r::median_ci_low_s, false},
    row_field{"median_ci_high_s", &r::median_ci_high_s, false},
    row_field{"median_ci_confidence", &r::median_ci_confidence, false},
    row_field{"effective_parallelism", &r::effective_parallelism, false},
    row_field{"huge_page_bytes", &r::huge_page_bytes, false},
    row_field{"gb_per_s", &r::gb_per_s},
    row_field{"pct_of_ceiling", &r::pct_of_ceiling},
    row_field{"above_ceiling", &r::above_ceiling, false},
    row_field{"speedup_vs_loop", &r::speedup_vs_loop},
    row_field{"validated", &r::validated},
    row_field{"validation_error", &r::validation_error},
    row_field{"stopped_by", &r::stopped_by, false},
};

} // namespace

std::span<const row_field> row_fields() { return fields; }

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

std::vector<extra> extra_fields(std::span<const result_row* const> rows) {
  std::vector<extra> out;
  for (const result_row* r : rows)
    for (const extra& e : r->extras) {
      const auto same = std::find_if(out.begin(), out.end(), [&](const extra& x) { return x.name == e.name; });
      if (same == out.end())
        out.push_back(e);
      else if (same->column.header.empty() && !e.column.header.empty())
        *same = e;
    }
  return out;
}

std::vector<extra> extra_fields(std::span<const result_row> rows) {
  std::vector<const result_row*> all;
  for (const auto& r : rows)
    all.push_back(&r);
  return extra_fields(all);
}

nlohmann::ordered_json extra_json(const result_row& row, const extra& field) {
  const extra* e = find_extra(row, field.name);
  if (!e) return nullptr;
  return std::visit(overloaded{[](figure f) { return f ? nlohmann::ordered_json(*f) : nullptr; },
                               [](const std::optional<std::string>& t) { return t ? nlohmann::ordered_json(*t) : nullptr; }},
                    e->value);
}

} // namespace policybench
