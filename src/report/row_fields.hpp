// The fields of a result row in the JSON's order: the one list the JSON writer, the CSV writer and the
// --compare-with reader share, so their columns cannot disagree.
#pragma once

#include "harness/result.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace policybench {

/// Which reports carry a field: every row, thread sweeps only, reports with --compare-with rows, MPI jobs.
enum class field_set { every_row, thread_sweep, compared, mpi };

/// The member of result_row a field holds; its type decides the JSON kind (figure: number or null).
using row_member =
    std::variant<std::string result_row::*, std::optional<std::string> result_row::*, row_status result_row::*,
                 std::uint64_t result_row::*, std::optional<std::uint64_t> result_row::*, int result_row::*,
                 std::optional<int> result_row::*, double result_row::*, figure result_row::*,
                 std::optional<bool> result_row::*, std::vector<double> result_row::*>;

struct row_field {
  const char* name;
  row_member member;
  field_set in = field_set::every_row;
  bool required = true; ///< a compared file must have it (false: older files lack it, read as null)
};

/// The visitor over row_member's alternatives: one lambda per member type.
template <class... F> struct overloaded : F... { using F::operator()...; };
template <class... F> overloaded(F...) -> overloaded<F...>;

/// Every field, in the JSON's order (README "JSON schema").
std::span<const row_field> row_fields();

/// The fields `report`'s rows carry: every_row ones, thread_sweep ones in a thread sweep, source with
/// --compare-with.
std::vector<row_field> fields_of(const benchmark_report& report);

/// Whether the field is one value (a CSV column); false for arrays (samples_s), which only JSON carries.
bool is_scalar(const row_field& field);

/// A field's value in JSON (none and nullopt: null).
nlohmann::ordered_json field_json(const result_row& row, const row_field& field);

} // namespace policybench
