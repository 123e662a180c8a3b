// The result row's common fields in the JSON's order (a mode's figures are extras, set where they are measured),
// and the extras of a report's rows.
#include "report/row_fields.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <ranges>

namespace policybench {

namespace {

using r = result_row;
#define POLICYBENCH_ROW_FIELD(member) row_field{#member, &r::member},
const std::array fields{NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(
    POLICYBENCH_ROW_FIELD, policy, device, backend, role, bounds, status, reason, type, size, bytes_per_call, warmup,
    reps, disturbed_calls, mostly_disturbed, threads, cold_s, min_s, median_s, mean_s, stddev_s, cv, samples_s,
    median_ci_low_s, median_ci_high_s, median_ci_confidence, effective_parallelism, huge_page_bytes, gb_per_s,
    pct_of_ceiling, above_ceiling, speedup_vs_loop, validated, validation_error, stopped_by))};
#undef POLICYBENCH_ROW_FIELD

} // namespace

std::span<const row_field> row_fields() { return fields; }

nlohmann::ordered_json field_json(const result_row& row, const row_field& field) {
  using json = nlohmann::ordered_json;
  return std::visit(overloaded{[&](row_status r::*m) { return json(to_string(row.*m)); },
                               [&](side r::*m) { return json(to_string(row.*m)); },
                               [&](stream_role r::*m) { return json(to_string(row.*m)); },
                               [&](std::optional<ceiling_bound> r::*m) {
                                 return row.*m ? json(to_string(*(row.*m))) : json(nullptr);
                               },
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
  const auto all = rows | std::views::transform([](const result_row& r) { return &r; });
  return extra_fields(std::vector(all.begin(), all.end()));
}

nlohmann::ordered_json extra_json(const result_row& row, const extra& field) {
  const extra* e = find_extra(row, field.name);
  if (!e) return nullptr;
  // A count (K) is an integer, as the common counts (size, reps) are: never 1.0.
  if (const auto* f = std::get_if<figure>(&e->value); f && *f && field.unit == "count") return std::int64_t(**f);
  return std::visit([](const auto& value) { return nlohmann::ordered_json(value); }, e->value);
}

} // namespace policybench
