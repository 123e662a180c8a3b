// The fields of a result row in the JSON's order: the common fields, one list the JSON writer and the CSV writer
// share, then the rows' extras, so that their columns cannot disagree; and how values are written to JSON: a missing
// figure or optional is null, never 0 or NaN, a struct's members each under its own name (the report's writers share
// these, and so may a mode's).
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

struct row_field {
  const char* name; ///< the member's own name
  row_member member;
};

/// The visitor over row_member's alternatives: one lambda per member type.
template <class... F> struct overloaded : F... { using F::operator()...; };
template <class... F> overloaded(F...) -> overloaded<F...>;

/// Every common field, in the JSON's order (README "JSON schema").
std::span<const row_field> row_fields();

/// A common field's value in JSON (none and nullopt: null).
nlohmann::ordered_json field_json(const result_row& row, const row_field& field);

/// The extras of `rows`: one per name, in the order first met, the columns every format adds after the common
/// fields (a row without one shows null, empty or '-'). Each is the first of its name with a table column, else the
/// first.
std::vector<extra> extra_fields(std::span<const result_row* const> rows);
std::vector<extra> extra_fields(std::span<const result_row> rows);

/// The row's value of the extra `field` in JSON: a number, a string or null (none, or a row without it).
nlohmann::ordered_json extra_json(const result_row& row, const extra& field);

} // namespace policybench
