// Every figure of a result row as a named summary (nvbench's add_summary): its JSON and CSV name, unit and table
// column, declared once in the JSON's order, the one list every writer prints; and how values are written to JSON:
// a missing figure or optional is null, never 0 or NaN, a struct's members each under its own name.
#pragma once

#include "harness/result.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

/// std::optional: its value, or null (nlohmann 3.11.2 has no serializer of its own for it).
template <class T> struct nlohmann::adl_serializer<std::optional<T>> {
  template <class Json> static void to_json(Json& j, const std::optional<T>& v) {
    if (v)
      j = *v;
    else
      j = nullptr;
  }
};

/// Writes the named members of `in` to the JSON object `out`, each under its own name, in order: the to_json half
/// of nlohmann's NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE, for ordered_json, so that a field's name is written once.
#define POLICYBENCH_JSON_MEMBERS(out, in, ...)                                                                         \
  [](nlohmann::ordered_json& nlohmann_json_j, const auto& nlohmann_json_t) {                                           \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(NLOHMANN_JSON_TO, __VA_ARGS__))                                           \
  }(out, in)

/// A JSON array of `items`, each an object of its named members (POLICYBENCH_JSON_MEMBERS).
#define POLICYBENCH_JSON_ARRAY(items, ...)                                                                             \
  [](const auto& all) {                                                                                                \
    nlohmann::ordered_json out = nlohmann::ordered_json::array();                                                      \
    for (const auto& item : all)                                                                                       \
      POLICYBENCH_JSON_MEMBERS(out.emplace_back(nlohmann::ordered_json::object()), item, __VA_ARGS__);                 \
    return out;                                                                                                        \
  }(items)

namespace policybench {

inline void to_json(nlohmann::ordered_json& j, figure f) { j = f ? nlohmann::ordered_json(*f) : nullptr; }

/// The member of result_row a common field holds; its type decides the JSON kind (figure: number or null).
using row_member =
    std::variant<std::string result_row::*, std::optional<std::string> result_row::*, row_status result_row::*,
                 side result_row::*, stream_role result_row::*, std::optional<ceiling_bound> result_row::*,
                 std::uint64_t result_row::*, std::optional<std::uint64_t> result_row::*, int result_row::*,
                 double result_row::*, figure result_row::*, std::optional<bool> result_row::*,
                 std::vector<double> result_row::*>;

/// The visitor over a variant's alternatives: one lambda per type.
template <class... F> struct overloaded : F... { using F::operator()...; };
template <class... F> overloaded(F...) -> overloaded<F...>;

/// What a mode's summary holds for a row: absent (the row's mode does not measure it), a figure or a text.
using mode_value = std::variant<std::monostate, figure, std::optional<std::string>>;

/// Where the table shows a mode's summary: nowhere (JSON, CSV and gbench carry it all the same), in every table, in
/// --wide (and markdown) only, or also in a work sweep's default table (K).
enum class table_show { never, always, wide, wide_or_work_sweep };

/// A mode's column: under `header`, a duration (unit "s") in the table's units, any other figure as value x `scale`
/// with `decimals` and `suffix` ("x", "%"), a text as it is.
struct summary_column {
  table_show show = table_show::never;
  const char* header = "";
  int decimals = 2;
  double scale = 1;
  const char* suffix = "";
};

/// One figure of a row. The common ones are members every row has (the table lays them out itself); a mode's are
/// read from its group (result_row::gpu, ...), and a report has their key where some row has the group.
struct summary {
  const char* name; ///< the JSON key and CSV column
  const char* unit; ///< "s", "GB/s", "%", "x" (a ratio), "count" (an integer: never 1.0), "MHz", "" (fraction, text)
  std::variant<row_member, mode_value (*)(const result_row&)> value;
  summary_column column = {};
};

/// Every summary, in the JSON's order (README "JSON schema"): the common fields, then each mode's.
std::span<const summary> summaries();

/// A mode's summary of `row` (monostate: the row lacks it); a common field is never absent.
mode_value mode_value_of(const result_row& row, const summary& s);

/// Whether one of `rows` has `s`: every common summary, a mode's where some row's mode measured it.
bool any_has(std::span<const result_row* const> rows, const summary& s);

/// The summaries `rows` have (any_has), in order: the fields of every format's row.
std::vector<const summary*> summaries_of(std::span<const result_row> rows);

/// The row's value of `s` in JSON: none, nullopt and a summary the row lacks are null.
nlohmann::ordered_json field_json(const result_row& row, const summary& s);

} // namespace policybench
