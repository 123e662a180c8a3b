// Checking a parsed --compare-with report against the schema, in one place, into typed rows.
#include "report/compare_with.hpp"

#include "report/row_fields.hpp"

#include <algorithm>
#include <limits>

namespace policybench {
namespace {

using json = nlohmann::ordered_json;

// No control characters: a newline or escape in a policy name would break the table's and markdown's rows.
const auto text = [](const json& v) {
  return v.is_string() && std::none_of(v.get_ref<const std::string&>().begin(), v.get_ref<const std::string&>().end(),
                                       [](unsigned char c) { return c < 0x20 || c == 0x7f; });
};
// Every figure of a row is a time, a rate, a share, a ratio or a clock: none is negative.
const auto number = [](const json& v) { return v.is_number() && v.get<double>() >= 0; };
const auto or_null = [](auto check) { return [check](const json& v) { return v.is_null() || check(v); }; };

struct reader {
  const std::string& path;
  const json& doc;

  [[noreturn]] void refuse(const std::string& why) const { throw unusable_report("'" + path + "': " + why); }

  // The value at `pointer`, checked with `ok`; `expected` names the kind in the message.
  template <class Check> const json& at(const std::string& pointer, Check ok, const std::string& expected) const {
    const json::json_pointer p(pointer);
    if (!doc.contains(p)) refuse("no " + pointer + " (not a policybench or seed_compare.py report)");
    if (!ok(doc.at(p))) refuse(pointer + " is " + doc.at(p).type_name() + ", expected " + expected);
    return doc.at(p);
  }

  void read_field(result_row& row, const std::string& pointer, const row_field& f) const {
    using r = result_row;
    const auto count = [](const json& v) { return v.is_number_unsigned() || (v.is_number_integer() && v >= 0); };
    // An int field (threads, reps) past INT_MAX would wrap: 2^32 + 1 threads read as 1.
    const auto small_count = [count](const json& v) { return count(v) && v <= std::numeric_limits<int>::max(); };
    const auto boolean = [](const json& v) { return v.is_boolean(); };
    const auto numbers = [](const json& v) {
      return v.is_array() && std::all_of(v.begin(), v.end(), [](const json& x) { return x.is_number() && x >= 0; });
    };
    const std::string texts = "a string without control characters", counts = "a whole number >= 0",
                      small_counts = "a whole number in 0..2147483647", figures = "a number >= 0";
    // One of an enum's words (measure/enum_names.hpp).
    const auto word = [&](const auto& names, const json& v, const std::string& expected) {
      const auto e = parse_in(names, v.get<std::string>());
      if (!e) refuse(pointer + " is not " + expected);
      return *e;
    };
    // A field that may be null: left none for null, else read as `as`'s type.
    const auto nullable = [&](auto& member, auto ok, const std::string& expected, auto as) {
      const json& v = at(pointer, or_null(ok), expected + " or null");
      if (!v.is_null()) member = v.template get<decltype(as)>();
    };
    std::visit(
        overloaded{
            [&](std::string r::*m) { row.*m = at(pointer, text, texts).get<std::string>(); },
            [&](std::optional<std::string> r::*m) { nullable(row.*m, text, texts, std::string()); },
            [&](row_status r::*m) {
              const auto s = parse_row_status(at(pointer, text, texts).get<std::string>());
              if (!s) refuse(pointer + " is not ok, invalid, failed or unavailable");
              row.*m = *s;
            },
            [&](side r::*m) { row.*m = word(side_names, at(pointer, text, texts), "host or device"); },
            [&](stream_role r::*m) { row.*m = word(stream_role_names, at(pointer, text, texts), "policy or ceiling"); },
            [&](std::optional<ceiling_bound> r::*m) {
              const json& v = at(pointer, or_null(text), texts + " or null");
              if (!v.is_null()) row.*m = word(ceiling_bound_names, v, "none, bandwidth or compute");
            },
            [&](std::uint64_t r::*m) { row.*m = at(pointer, count, counts).get<std::uint64_t>(); },
            [&](std::optional<std::uint64_t> r::*m) { nullable(row.*m, count, counts, std::uint64_t()); },
            [&](int r::*m) { row.*m = at(pointer, small_count, small_counts).get<int>(); },
            [&](std::optional<int> r::*m) { nullable(row.*m, small_count, small_counts, 0); },
            [&](double r::*m) { row.*m = at(pointer, number, figures).get<double>(); },
            [&](figure r::*m) { nullable(row.*m, number, figures, 0.0); },
            [&](std::vector<double> r::*m) {
              row.*m = at(pointer, numbers, "an array of numbers >= 0").get<std::vector<double>>();
            },
            [&](std::optional<bool> r::*m) { nullable(row.*m, boolean, "true, false", false); },
        },
        f.member);
  }

  // Every other field of the row that is a figure (a number >= 0 or null) or a text: an extra.
  void read_extras(result_row& row, const std::string& prefix) const {
    const auto common = row_fields();
    for (const auto& [name, v] : doc.at(json::json_pointer(prefix)).items()) {
      if (v.is_array() || v.is_object() || v.is_boolean() ||
          std::any_of(common.begin(), common.end(), [&](const row_field& f) { return name == f.name; }))
        continue;
      const std::string pointer = prefix + "/" + name;
      if (v.is_string())
        set_extra(row,
                  {.name = name, .value = at(pointer, text, "a string without control characters").get<std::string>()});
      else if (!v.is_null()) // an integer (K) stays one when written again
        set_extra(row, {.name = name,
                        .value = figure(at(pointer, number, "a number >= 0 or null").get<double>()),
                        .unit = v.is_number_integer() ? "count" : ""});
      else
        set_extra(row, {.name = name, .value = figure()});
    }
  }

  result_row row(std::size_t i) const {
    const std::string prefix = "/results/" + std::to_string(i);
    result_row out;
    for (const auto& f : row_fields()) {
      const std::string pointer = prefix + "/" + f.name;
      if (!f.required && !doc.contains(json::json_pointer(pointer))) continue;
      read_field(out, pointer, f);
    }
    read_extras(out, prefix);
    if ((out.status == row_status::failed || out.status == row_status::unavailable) && !out.reason)
      refuse(prefix + "/reason is null for a " + to_string(out.status) + " row");
    if (!source_of(out)) set_extra(out, source_extra(path));
    return out;
  }
};

} // namespace

compared_report compared_from_json(const std::string& path, const json& doc) {
  const reader in{path, doc};
  if (!doc.is_object()) in.refuse("not a policybench report (expected a JSON object)");
  compared_report out{.path = path};
  // A sweep's size varies per row: its rows have no one size to set against this run's.
  if (doc.contains("sweep") && doc["sweep"].is_object())
    in.refuse("a sweep report; --compare-with takes reports of single runs (give sweeps to scripts/plot.py)");
  out.size =
      in.at(
            "/environment/config/size", [](const json& v) { return v.is_number_unsigned(); }, "a whole number >= 0")
          .get<std::uint64_t>();
  out.type = in.at(
      "/environment/config/type", [](const json& v) { return v.is_string(); }, "a string");
  if (!doc.contains("results") || !doc["results"].is_array()) in.refuse("no results array");
  for (std::size_t i = 0; i < doc["results"].size(); ++i)
    out.rows.push_back(in.row(i));
  const json::json_pointer cpu("/environment/host/cpu_model");
  if (doc.contains(cpu) && doc.at(cpu).is_string()) out.cpu_model = doc.at(cpu).get<std::string>();
  for (const auto& w : doc.value("warnings", json::array()))
    if (w.is_string()) out.warnings.push_back(w.get<std::string>());
  return out;
}

} // namespace policybench
