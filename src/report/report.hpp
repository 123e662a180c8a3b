// The writers: a typed report (harness/result.hpp) as a table, markdown, CSV, JSON or Google Benchmark's JSON, and
// the listings. Every figure of a row is a named summary (nvbench's add_summary), declared once (report/summaries.cpp)
// in the JSON's order: the one list every writer prints. In JSON a missing figure or optional is null, never 0 or NaN.
#pragma once

#include "harness/sweep.hpp"
#include "machine/host_info.hpp"
#include "policies/registry.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
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

/// What a mode's summary holds for a row: absent (the row's mode does not measure it), a figure or a text.
using mode_value = std::variant<std::monostate, figure, std::optional<std::string>>;

/// Which table a column is asked for: --wide (and markdown) or the default, the policies' block or the ceilings',
/// the block's rows, whether those are policy rows at --work K > 1 (bound by FLOPs, not bytes), the sweep's axis.
struct table_view {
  bool wide = false, ceilings = false, flop_bound = false;
  std::span<const result_row* const> rows = {};
  std::string_view axis = {}; ///< the sweep's axis name (harness/sweep.hpp), empty for one run
};

/// How a summary's cell reads (report/table.cpp's cell says each).
enum class cell_hint { text, name, count, yes_no, duration, interval, fixed, bandwidth, ceiling_share, disturbed };

/// A summary's table column: its header (none: only JSON, CSV and gbench carry it), its place among the columns
/// (the JSON's order within one place), the tables it is in, and how its cells read.
struct summary_column {
  const char* header = nullptr;
  int place = 100;
  bool (*shown)(const table_view&) = [](const table_view&) { return true; };
  cell_hint hint = cell_hint::fixed;
  int decimals = 2;
  double scale = 1;
  const char* suffix = "";
};

/// One figure of a row. The common ones are members every row has; a mode's are read from its group
/// (result_row::gpu, ...), and a report has their key where some row has the group.
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

/// The row's value of `s` in JSON: none, nullopt and a summary the row lacks are null.
nlohmann::ordered_json field_json(const result_row& row, const summary& s);

/// The report as the JSON document of the README's "JSON schema".
nlohmann::ordered_json to_json(const benchmark_report& report);

/// What a mode adds to the JSON document beyond its rows' extras: a section of its own, an array per row.
using json_addition = std::function<void(nlohmann::ordered_json& document)>;

/// to_json with `add`'s additions, indented, and a newline.
void write_json(const benchmark_report& report, std::ostream& out, const json_addition& add = {});

/// The fixed-width table (or markdown), a block per workload and role, then the footer; `wide` (and markdown): every
/// column, lines whole, else within 120 columns.
void write_table(const benchmark_report& report, bool markdown, std::ostream& out, bool wide = false);

/// CSV: a header of the result fields and `partial`, then one line per result (RFC 4180 quoting).
void write_csv(const benchmark_report& report, std::ostream& out);

/// Google Benchmark's JSON (its src/json_reporter.cc): one "iteration" per timed call of each valid row, then the
/// aggregates; `context` from `context` and the host.
nlohmann::ordered_json to_gbench_json(const benchmark_report& report, const run_context& context);

/// to_gbench_json, indented, and a newline.
void write_gbench(const benchmark_report& report, const run_context& context, std::ostream& out);

/// One plain sentence per crossover, with the times that decide it.
std::vector<std::string> crossover_summary(const std::vector<crossover>& crossovers);

/// One plain sentence per policy of a work sweep: from which K it is compute-bound, and its GFLOP/s at the largest K.
std::vector<std::string> compute_bound_summary(const std::vector<compute_bound_k>& policies);

/// --list-policies: policy, device, backend and status within 120 columns, an unavailable one's reason under it
/// (`markdown`: a markdown table, the reason in its status cell).
void write_policy_list(const std::vector<policy_entry>& registry, std::ostream& out, bool markdown = false);

/// --list-policies --format json: one object per row of `registry`, in its order: {name, device, role, backend,
/// available, reason} (reason: why it cannot run, null when available), for scripts.
nlohmann::ordered_json policy_list_json(const std::vector<policy_entry>& registry);

/// One workload as --list-workloads shows it, from its declaration (policybench/workloads.hpp): bytes per element by
/// STREAM's counting for each element type it runs on, FLOPs per element at K = 1.
struct workload_facts {
  std::string name;
  int inputs = 1;
  bool in_place = true, exact = true;
  std::map<std::string, double> bytes_per_element; ///< by element type's name
  double flops_per_element = 0;
};

/// Every built-in workload, in workload_id's order.
std::vector<workload_facts> workload_list();

/// --list-workloads: a table of `facts` (workload_list(), or a user's op's) within 120 columns, or in `markdown`.
void write_workload_list(const std::vector<workload_facts>& facts, std::ostream& out, bool markdown = false);

/// --list-workloads --format json: one object per workload, its workload_facts' members by name, for scripts.
nlohmann::ordered_json workload_list_json(const std::vector<workload_facts>& facts);

/// Two lines, wrapped: the fastest row and the rows tied with it; the parallel speedup and the regime.
std::vector<std::string> summary_lines(const run_summary& s);

/// The README's "summary" object: every member of run_summary, the regime's probe points included.
nlohmann::ordered_json summary_json(const run_summary& s);

/// A duration as every format's text prints it: `seconds` in its own unit with four significant figures ("3.335 us");
/// with `like`, in like's unit and decimals (an interval's ends or half-width beside its median).
std::string duration_cell(figure seconds, figure like = figure());

/// `text` with each line over 120 columns broken at its last space within them, the rest indented by `indent`.
std::string wrapped(const std::string& text, std::size_t indent = 4);

} // namespace policybench
