// Other runs beside this one: --compare-with files are checked against the JSON schema before anything is measured,
// then their rows are appended to the report with figures that compare against this run recomputed.
#include "report/compare_with.hpp"

#include "cli/options.hpp"

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <utility>

namespace policybench {
namespace {

using json = nlohmann::ordered_json;

enum class kind { text, text_or_null, count, number, number_or_null, boolean };

// The fields every result row carries (README, "JSON schema"), grouped by what they hold.
struct field_group {
  std::initializer_list<const char*> names;
  kind holds;
};
const field_group result_fields[] = {
    {{"policy", "device", "backend", "status", "type"}, kind::text},
    {{"reason", "validation_error"}, kind::text_or_null},
    {{"size", "warmup", "reps"}, kind::count},
    {{"bytes_per_call"}, kind::number},
    {{"cold_s", "min_s", "median_s", "mean_s", "stddev_s", "cv", "gb_per_s", "pct_of_ceiling", "speedup_vs_loop",
      "kernel_median_s", "kernel_gb_per_s", "e2e_pageable_cold_s", "e2e_pageable_median_s", "e2e_pinned_median_s",
      "e2e_over_kernel"},
     kind::number_or_null},
    {{"validated"}, kind::boolean},
};

bool holds(const json& v, kind k) {
  switch (k) {
  case kind::text: return v.is_string();
  case kind::text_or_null: return v.is_string() || v.is_null();
  case kind::count: return v.is_number_unsigned();
  case kind::number: return v.is_number();
  case kind::number_or_null: return v.is_number() || v.is_null();
  case kind::boolean: return v.is_boolean();
  }
  return false;
}

const char* kind_name(kind k) {
  constexpr const char* names[] = {"a string", "a string or null", "a whole number >= 0",
                                   "a number", "a number or null", "true or false"};
  return names[static_cast<int>(k)];
}

[[noreturn]] void not_usable(const std::string& path, const std::string& why) {
  throw usage_error("--compare-with: '" + path + "': " + why);
}

// The value at `pointer`, checked to be of kind `k`.
const json& field(const std::string& path, const json& doc, const std::string& pointer, kind k) {
  const json::json_pointer p(pointer);
  if (!doc.contains(p)) not_usable(path, "no " + pointer + " (not a policybench or seed_compare.py report)");
  if (!holds(doc.at(p), k)) not_usable(path, pointer + " is " + doc.at(p).type_name() + ", expected " + kind_name(k));
  return doc.at(p);
}

void check_schema(const std::string& path, const json& doc) {
  if (!doc.is_object()) not_usable(path, "not a policybench report (expected a JSON object)");
  field(path, doc, "/environment/config/size", kind::count);
  field(path, doc, "/environment/config/type", kind::text);
  if (!doc.contains("results") || !doc["results"].is_array()) not_usable(path, "no results array");
  for (std::size_t i = 0; i < doc["results"].size(); ++i) {
    const std::string row = "/results/" + std::to_string(i);
    for (const auto& group : result_fields)
      for (const char* name : group.names)
        field(path, doc, row + "/" + name, group.holds);
    const json& r = doc["results"][i];
    if (r["device"] != "host" && r["device"] != "device") not_usable(path, row + "/device is not host or device");
    const auto& s = r["status"];
    if (s != "ok" && s != "invalid" && s != "failed" && s != "unavailable")
      not_usable(path, row + "/status is not ok, invalid, failed or unavailable");
    if ((s == "failed" || s == "unavailable") && !r["reason"].is_string())
      not_usable(path, row + "/reason is null for a " + s.get<std::string>() + " row");
  }
}

// num / den when both are numbers and den > 0, else null.
json ratio(const json& num, const json& den) {
  if (!num.is_number() || !den.is_number() || den.get<double>() <= 0) return nullptr;
  return num.get<double>() / den.get<double>();
}

json own_loop_median_s(const json& results) {
  for (const auto& r : results)
    if (r["policy"] == "loop" && r["status"] == "ok") return r["median_s"];
  return nullptr;
}

// A compared row against this run's ceiling for its device, when the row has no share of its own.
json pct_of_ceiling(const json& row, const json& ceilings) {
  const bool device = row["device"] == "device";
  const json share = device ? ratio(row["kernel_gb_per_s"], ceilings["device_copy_gb_per_s"])
                            : ratio(row["gb_per_s"], ceilings["host_copy_gb_per_s"]);
  return share.is_null() ? share : json(100 * share.get<double>());
}

void warn_if_differs(json& warnings, const std::string& path, const json& theirs, const json& ours, const char* what) {
  if (theirs.is_string() && ours.is_string() && theirs != ours)
    warnings.push_back("'" + path + "' was measured with " + what + " " + theirs.get<std::string>() +
                       ", this run with " + ours.get<std::string>() + ": compare its rows with care");
}

} // namespace

std::vector<compared_report> read_compared(const std::vector<std::string>& paths) {
  std::vector<compared_report> out;
  for (const auto& path : paths) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) not_usable(path, "no such file");
    if (std::filesystem::is_directory(path, ec)) not_usable(path, "is a directory");
    std::ifstream in(path);
    if (!in) not_usable(path, "cannot be read");
    json doc = json::parse(in, nullptr, false);
    if (doc.is_discarded()) not_usable(path, "not JSON (a policybench --format json report is expected)");
    check_schema(path, doc);
    out.push_back({path, std::move(doc)});
  }
  return out;
}

void append_compared(json& report, const std::vector<compared_report>& compared) {
  if (compared.empty()) return;
  json& results = report["results"];
  json& warnings = report["warnings"];
  const json& env = report["environment"];
  for (auto& r : results)
    r["source"] = nullptr;
  const json loop_s = own_loop_median_s(results);
  const json layout = results.empty() ? json::object() : results.front(); // this run's fields, in its order
  for (const auto& [path, doc] : compared) {
    const json& config = doc["environment"]["config"];
    const bool same_work = config["size"] == env["config"]["size"] && config["type"] == env["config"]["type"];
    if (!same_work)
      warnings.push_back("'" + path + "' measured " + config["size"].dump() + " x " +
                         config["type"].get<std::string>() + ", this run " + env["config"]["size"].dump() + " x " +
                         env["config"]["type"].get<std::string>() +
                         ": its rows have no speedup against this run's loop");
    const json::json_pointer cpu("/environment/host/cpu_model");
    if (doc.contains(cpu)) warn_if_differs(warnings, path, doc.at(cpu), report.at(cpu), "CPU");
    for (const auto& w : doc.value("warnings", json::array()))
      if (w.is_string()) warnings.push_back(path + ": " + w.get<std::string>());
    for (const auto& theirs : doc["results"]) {
      json row = layout.empty() ? theirs : json::object();
      for (const auto& [key, value] : layout.items())
        row[key] = theirs.contains(key) ? theirs[key] : json(nullptr);
      row["source"] = theirs.contains("source") && theirs["source"].is_string() ? theirs["source"] : json(path);
      row["speedup_vs_loop"] = same_work && row["bytes_per_call"] > 0 ? ratio(loop_s, row["median_s"]) : json(nullptr);
      if (row["pct_of_ceiling"].is_null()) row["pct_of_ceiling"] = pct_of_ceiling(row, env["ceilings"]);
      results.push_back(std::move(row));
    }
  }
}

} // namespace policybench
