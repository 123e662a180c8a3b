// Reading --compare-with files: the JSON parsed and checked against the schema in one place, into typed rows.
#include "report/compare_with.hpp"

#include "report/row_fields.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>

namespace policybench {
namespace {

using json = nlohmann::ordered_json;

struct reader {
  const std::string& path;
  const json& doc;

  [[noreturn]] void refuse(const std::string& why) const { throw unusable_report("'" + path + "': " + why); }

  // The value at `pointer`, checked with `ok`; `expected` names the kind in the message.
  template <class Check> const json& at(const std::string& pointer, Check ok, const char* expected) const {
    const json::json_pointer p(pointer);
    if (!doc.contains(p)) refuse("no " + pointer + " (not a policybench or seed_compare.py report)");
    if (!ok(doc.at(p))) refuse(pointer + " is " + doc.at(p).type_name() + ", expected " + expected);
    return doc.at(p);
  }

  void read_field(result_row& row, const std::string& pointer, const row_field& f) const {
    using r = result_row;
    // No control characters: a newline or escape in a policy name would break the table's and markdown's rows.
    const auto text = [](const json& v) {
      return v.is_string() &&
             std::none_of(v.get_ref<const std::string&>().begin(), v.get_ref<const std::string&>().end(),
                          [](unsigned char c) { return c < 0x20 || c == 0x7f; });
    };
    const auto count = [](const json& v) { return v.is_number_unsigned() || (v.is_number_integer() && v >= 0); };
    // An int field (threads, reps) past INT_MAX would wrap: 2^32 + 1 threads read as 1.
    const auto small_count = [count](const json& v) { return count(v) && v <= std::numeric_limits<int>::max(); };
    const auto or_null = [](auto check) { return [check](const json& v) { return v.is_null() || check(v); }; };
    // Every figure of a row is a time, a rate, a share, a ratio or a clock: none is negative.
    const auto number = [](const json& v) { return v.is_number() && v.get<double>() >= 0; };
    const auto boolean = [](const json& v) { return v.is_boolean(); };
    std::visit(
        overloaded{
            [&](std::string r::*m) {
              row.*m = at(pointer, text, "a string without control characters").get<std::string>();
            },
            [&](std::optional<std::string> r::*m) {
              const json& v = at(pointer, or_null(text), "a string without control characters or null");
              if (v.is_string()) row.*m = v.get<std::string>();
            },
            [&](row_status r::*m) {
              const auto s =
                  parse_row_status(at(pointer, text, "a string without control characters").get<std::string>());
              if (!s) refuse(pointer + " is not ok, invalid, failed or unavailable");
              row.*m = *s;
            },
            [&](std::uint64_t r::*m) { row.*m = at(pointer, count, "a whole number >= 0").get<std::uint64_t>(); },
            [&](std::optional<std::uint64_t> r::*m) {
              const json& v = at(pointer, or_null(count), "a whole number >= 0 or null");
              if (!v.is_null()) row.*m = v.get<std::uint64_t>();
            },
            [&](int r::*m) { row.*m = at(pointer, small_count, "a whole number in 0..2147483647").get<int>(); },
            [&](std::optional<int> r::*m) {
              const json& v = at(pointer, or_null(small_count), "a whole number in 0..2147483647 or null");
              if (!v.is_null()) row.*m = v.get<int>();
            },
            [&](double r::*m) { row.*m = at(pointer, number, "a number >= 0").get<double>(); },
            [&](figure r::*m) {
              const json& v = at(pointer, or_null(number), "a number >= 0 or null");
              if (!v.is_null()) row.*m = v.get<double>();
            },
            [&](std::vector<double> r::*m) {
              const auto numbers = [](const json& v) {
                return v.is_array() &&
                       std::all_of(v.begin(), v.end(), [](const json& x) { return x.is_number() && x >= 0; });
              };
              row.*m = at(pointer, numbers, "an array of numbers >= 0").get<std::vector<double>>();
            },
            [&](std::optional<bool> r::*m) {
              const json& v = at(pointer, or_null(boolean), "true, false or null");
              if (!v.is_null()) row.*m = v.get<bool>();
            },
        },
        f.member);
  }

  result_row row(std::size_t i) const {
    const std::string prefix = "/results/" + std::to_string(i);
    result_row out;
    for (const auto& f : row_fields()) {
      const std::string pointer = prefix + "/" + f.name;
      if (f.in == field_set::thread_sweep || (!f.required && !doc.contains(json::json_pointer(pointer)))) continue;
      read_field(out, pointer, f);
    }
    if (out.device != "host" && out.device != "device") refuse(prefix + "/device is not host or device");
    if ((out.status == row_status::failed || out.status == row_status::unavailable) && !out.reason)
      refuse(prefix + "/reason is null for a " + to_string(out.status) + " row");
    if (!out.source) out.source = path;
    return out;
  }
};

} // namespace

compared_report compared_from_json(const std::string& path, const json& doc) {
  const reader in{path, doc};
  if (!doc.is_object()) in.refuse("not a policybench report (expected a JSON object)");
  compared_report out{path, {}, 0, std::nullopt, {}, {}};
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

std::vector<compared_report> read_compared(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<compared_report> out;
  for (const auto& path : paths) {
    const auto refuse = [&](const char* why) { throw unusable_report("'" + path + "': " + why); };
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!fs::exists(status)) refuse("no such file");
    if (fs::is_directory(status)) refuse("is a directory");
    if (!fs::is_regular_file(status)) refuse("is not a regular file (a device, FIFO or socket)");
    std::ifstream file(path);
    if (!file) refuse("cannot be read");
    const json doc = json::parse(file, nullptr, false);
    if (doc.is_discarded()) refuse("not JSON (a policybench --format json report is expected)");
    out.push_back(compared_from_json(path, doc));
  }
  return out;
}

} // namespace policybench
