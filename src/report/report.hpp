// The writers: a typed report (harness/result.hpp) as a table, markdown, CSV, JSON or Google Benchmark's JSON, and
// the policy list; the summary and durations in words. What they print: every figure of a result row as a named
// summary (nvbench's add_summary): its JSON and CSV name, unit and table column, declared once in the JSON's order,
// the one list every writer prints; and how values are written to JSON: a missing figure or optional is null, never 0
// or NaN, a struct's members each under its own name.
#pragma once

#include "harness/result.hpp"
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

/// The visitor over a variant's alternatives: one lambda per type.
template <class... F> struct overloaded : F... { using F::operator()...; };
template <class... F> overloaded(F...) -> overloaded<F...>;

/// What a mode's summary holds for a row: absent (the row's mode does not measure it), a figure or a text.
using mode_value = std::variant<std::monostate, figure, std::optional<std::string>>;

/// Which table a column is asked for: --wide (and markdown) or the default, the policies' block or the ceilings',
/// the block's rows, whether those are policy rows at --work K > 1 (bound by FLOPs, not bytes), the sweep's axis.
struct table_view {
  bool wide = false, ceilings = false, flop_bound = false;
  std::span<const result_row* const> rows = {};
  std::string_view axis = {}; ///< the sweep's axis name (harness/sweep.hpp), empty for one run
};

/// How a summary's cell reads: its text (left-aligned; `name`: a policy's, wrapped), an integer, "yes"/"NO", a
/// duration in its own unit, the median's interval in the median's, a figure x scale with decimals and suffix
/// (`bandwidth`: '-' where the rows are bound by FLOPs; `ceiling_share`: also marked above 100), or a count with
/// " (most)" where most calls were disturbed.
enum class cell_hint { text, name, count, yes_no, duration, interval, fixed, bandwidth, ceiling_share, disturbed };

/// A summary's table column: its header (none: only JSON, CSV and gbench carry it), its place among the columns
/// (the JSON's order within one place), the tables it is in (besides the sweep's axis' own, in every table), and
/// how its cells read.
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

/// The summaries `rows` have (any_has), in order: the fields of every format's row.
std::vector<const summary*> summaries_of(std::span<const result_row> rows);

/// The row's value of `s` in JSON: none, nullopt and a summary the row lacks are null.
nlohmann::ordered_json field_json(const result_row& row, const summary& s);

/// The report as the JSON document of the README's "JSON schema".
nlohmann::ordered_json to_json(const benchmark_report& report);

/// What a mode adds to the JSON document beyond its rows' extras: a section of its own, an array per row.
using json_addition = std::function<void(nlohmann::ordered_json& document)>;

/// to_json with `add`'s additions, indented, and a newline (write_json_text).
void write_json(const benchmark_report& report, std::ostream& out, const json_addition& add = {});

/// `document` indented, and a newline, whatever bytes its strings hold: text that is not UTF-8 (a host name, a file
/// name), which nlohmann's dump refuses with type_error 316, is written with U+FFFD in place of each invalid byte,
/// and one line saying so is appended to the array at `warnings` in `document` (made when missing).
void write_json_text(nlohmann::ordered_json& document, const nlohmann::ordered_json::json_pointer& warnings,
                     std::ostream& out);

/// The fixed-width table (or markdown): per workload (a heading each where there are several) its summary and its
/// rows that ran (one block per role), then unavailable or failed policies, the footer, the series' end, the
/// crossovers and the warnings. By default within table_width columns, lines wrapped; `wide` (and markdown): every
/// column, lines whole.
void write_table(const benchmark_report& report, bool markdown, std::ostream& out, bool wide = false);

/// CSV: a header of the result fields (summaries() above) and `partial` (the report's mark, true or
/// false on every line), then one line per result (RFC 4180 quoting). Warnings are not part of CSV.
void write_csv(const benchmark_report& report, std::ostream& out);

/// Google Benchmark's JSON (google/benchmark docs/user_guide.md, src/json_reporter.cc): `context` from `context`
/// and the host, and per valid row (not unavailable, failed or invalid ones) one "iteration" entry per timed call
/// (iterations 1, repetitions = timed calls, times in ns, cpu_time = wall time x effective parallelism,
/// bytes_per_second from the call's time), then the "aggregate" entries mean, median, stddev and cv (aggregate_unit
/// "percentage", a fraction) from two calls on, equal to the row's statistics. The row's known extra figures are
/// user counters of its iterations and of its mean and median. Named
/// "<workload>/<policy>/<type>/<size>", with "/host_threads:N" in a thread sweep; one family per policy.
nlohmann::ordered_json to_gbench_json(const benchmark_report& report, const run_context& context);

/// to_gbench_json, indented, and a newline (write_json_text: a warning goes in `context`).
void write_gbench(const benchmark_report& report, const run_context& context, std::ostream& out);

/// One plain sentence per crossover, with the times that decide it.
std::vector<std::string> crossover_summary(const std::vector<crossover>& crossovers);

/// One plain sentence per policy of a work sweep: from which K it is compute-bound, and its GFLOP/s at the largest K.
std::vector<std::string> compute_bound_summary(const std::vector<compute_bound_k>& policies);

/// --list-policies: a table of policy, device, backend and "available" or "unavailable", within table_width
/// columns: a long name broken after " + " as in a run's table, and the reason a policy is unavailable on a line of
/// its own under its row.
void write_policy_list(const std::vector<policy_entry>& registry, std::ostream& out);

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

/// --list-workloads: a table of `facts` (workload_list(), or a user's op's) within table_width columns.
void write_workload_list(const std::vector<workload_facts>& facts, std::ostream& out);

/// --list-workloads --format json: one object per workload, its workload_facts' members by name, for scripts.
nlohmann::ordered_json workload_list_json(const std::vector<workload_facts>& facts);

/// Two lines (each wrapped to 120 columns, continuation lines indented by two spaces): the fastest row and the rows
/// tied with it; the parallel speedup where it is real and the regime (the regime part only with a probe).
std::vector<std::string> summary_lines(const run_summary& s);

/// The README's "summary" object: every member of run_summary, the regime's probe points included.
nlohmann::ordered_json summary_json(const run_summary& s);

/// A table cell, as nvbench's markdown printer has them: `seconds` in its own unit (the largest of s, ms, us and ns
/// in which it is at least 1; ns below 1 ns) with four significant figures (at most 3 decimals) and the unit, e.g.
/// "3.335 us"; "-" when unknown, "0" for 0. With `like` (> 0), in like's unit and decimals instead: an interval's
/// half-width beside its median ("0.040 us", never "40.000 ns" beside "3335 ns").
std::string duration_cell(figure seconds, figure like = figure());

/// One duration with its unit and three significant figures: 0.000012 -> "12.0 us".
std::string duration_text(double seconds);

/// A column of the table (report/table.cpp) or of --list-policies.
struct table_column {
  std::string header;
  /// One per row; a cell of several lines ('\n') makes its row as many lines, the other cells on the first
  std::vector<std::string> cells = {};
  bool left_aligned = false;
};

/// The policy's name; with `wrap`, a name of more than 32 characters broken after each " + ", the rest indented by
/// two ("thrust::cuda::par_nosync +\n  cuda::...").
std::string policy_label(std::string policy, bool wrap);

/// `n` and `noun`, with an "s" unless n is 1: "1 footprint", "3 footprints".
std::string count_of(std::uint64_t n, const char* noun);

/// Bytes in decimal units with three significant figures: 80000000 -> "80 MB", 1024000000 -> "1.02 GB".
std::string bytes_text(std::uint64_t bytes);

/// The default table's lines fit this many columns (its heading, footer and warnings wrapped); --wide does not.
inline constexpr std::size_t table_width = 120;

/// The header and `rows` rows of `columns`, each column as wide as its widest line, two spaces between (markdown:
/// pipes and a rule under the header); a row with a cell of several lines takes as many lines. A row's non-empty
/// `notes` entry follows it as written, outside the columns (not in markdown).
void write_rows(std::vector<table_column> columns, std::size_t rows, bool markdown, std::ostream& out,
                const std::vector<std::string>& notes = {});

/// `text` with each line longer than table_width broken at its last space within it, the rest indented by `indent`
/// spaces; a single word longer than a line is left whole.
std::string wrapped(const std::string& text, std::size_t indent = 4);

} // namespace policybench
