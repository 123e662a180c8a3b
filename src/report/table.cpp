// The human-readable report: a fixed-width (or markdown) table of the policies that ran, then the rest.
#include "report/report.hpp"

#include "harness/crossover.hpp"
#include "measure/timing.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace policybench {
namespace {

using json = nlohmann::ordered_json;

// A number field in a given unit and precision, or "-" when the report has no figure for it.
std::string cell(const json& v, double scale, int decimals, const char* suffix = "") {
  if (!v.is_number()) return "-";
  return fmt::format("{:.{}f}{}", v.get<double>() * scale, decimals, suffix);
}

// A row from a --compare-with file is marked with the file's name, so a reader sees where each figure came from.
std::string policy_label(const json& r) {
  const auto source = r.find("source");
  if (source == r.end() || !source->is_string()) return r["policy"].get<std::string>();
  return fmt::format("{} [{}]", r["policy"].get<std::string>(), source->get<std::string>());
}

struct column {
  const char* header;
  std::string (*render)(const json& row);
  bool left_aligned = false;
};

const column size_column{"size", [](const json& r) { return r["size"].dump(); }};
const column threads_column{"threads", [](const json& r) { return r["threads"].dump(); }};
const column reps_column{"reps", [](const json& r) { return r["reps"].dump(); }};
const column thread_scaling_columns[] = {
    {"vs 1 thread", [](const json& r) { return cell(r["speedup_vs_1_thread"], 1, 2, "x"); }},
    {"efficiency", [](const json& r) { return cell(r["parallel_efficiency"], 100, 0, "%"); }},
};

const column base_columns[] = {
    {"policy", policy_label, true},
    {"device", [](const json& r) { return r["device"].get<std::string>(); }, true},
    {"backend", [](const json& r) { return r["backend"].get<std::string>(); }, true},
    {"cold ms", [](const json& r) { return cell(r["cold_s"], 1e3, 3); }},
    {"median ms", [](const json& r) { return cell(r["median_s"], 1e3, 3); }},
    {"GB/s", [](const json& r) { return cell(r["gb_per_s"], 1, 1); }},
    {"% ceiling", [](const json& r) { return cell(r["pct_of_ceiling"], 1, 1); }},
    {"speedup", [](const json& r) { return cell(r["speedup_vs_loop"], 1, 2, "x"); }},
    {"kernel ms", [](const json& r) { return cell(r["kernel_median_s"], 1e3, 3); }},
    {"e2e pageable ms", [](const json& r) { return cell(r["e2e_pageable_median_s"], 1e3, 3); }},
    {"e2e pinned ms", [](const json& r) { return cell(r["e2e_pinned_median_s"], 1e3, 3); }},
    {"e2e/kernel", [](const json& r) { return cell(r["e2e_over_kernel"], 1, 0, "x"); }},
    {"validated", [](const json& r) { return std::string(r["validated"].get<bool>() ? "yes" : "NO"); }},
};

// A single run's columns; a sweep leads with its variable and the timed calls, a thread sweep ends with scaling.
std::vector<column> columns_for(const json& report) {
  std::vector<column> out;
  const json* sweep = report.contains("sweep") ? &report["sweep"] : nullptr;
  if (sweep) out.push_back((*sweep)["kind"] == "size" ? size_column : threads_column);
  out.insert(out.end(), std::begin(base_columns), std::end(base_columns));
  if (sweep) out.insert(out.begin() + 2, reps_column);
  if (sweep && (*sweep)["kind"] == "threads")
    out.insert(out.end(), std::begin(thread_scaling_columns), std::end(thread_scaling_columns));
  return out;
}

void write_rows(const std::vector<column>& columns, const std::vector<std::vector<std::string>>& rows, bool markdown,
                std::ostream& out) {
  std::vector<std::size_t> width(columns.size());
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  const auto line = [&](const std::vector<std::string>& row) {
    std::string text = markdown ? "| " : "";
    for (std::size_t c = 0; c < row.size(); ++c) {
      text += columns[c].left_aligned ? fmt::format("{:<{}}", row[c], width[c]) : fmt::format("{:>{}}", row[c], width[c]);
      text += markdown ? " | " : (c + 1 < row.size() ? "  " : "");
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out << text << '\n';
  };
  line(rows.front());
  if (markdown) {
    std::string rule = "|";
    for (std::size_t c = 0; c < width.size(); ++c)
      rule += fmt::format(fmt::runtime(columns[c].left_aligned ? " :{} |" : " {}: |"), std::string(width[c] - 1, '-'));
    out << rule << '\n';
  }
  std::for_each(rows.begin() + 1, rows.end(), line);
}

// The first line: what was run, for one run or for a sweep.
void write_heading(const json& report, std::ostream& out) {
  const json& env = report["environment"];
  const json& config = env["config"];
  const std::string version = env["policybench_version"].get<std::string>();
  if (!report.contains("sweep")) {
    fmt::print(out, "policybench {}: {} x {} in place ({} bytes moved per call), {} warm-up + {} timed calls, "
                    "host threads: {}\n\n",
               version, config["size"].get<std::uint64_t>(), config["type"].get<std::string>(),
               config["bytes_per_call"].get<double>(), config["warmup"].get<int>(), config["reps"].get<int>(),
               config["host_concurrency"].get<int>());
    return;
  }
  const json& sweep = report["sweep"];
  const json& series = sweep["series"];
  const std::string calls = fmt::format("{} warm-up calls, then timed calls filling {} s (at least {}, at most {})",
                                        config["warmup"].get<int>(), sweep["min_time_s"].get<double>(),
                                        std::min(min_timed_reps, config["reps"].get<int>()), config["reps"].get<int>());
  if (sweep["kind"] == "size")
    fmt::print(out, "policybench {}: size sweep, {} points from {} to {} elements of {} in place; {}; host threads: {}\n\n",
               version, series.size(), series.front()["size"].dump(), series.back()["size"].dump(),
               config["type"].get<std::string>(), calls, config["host_concurrency"].get<int>());
  else
    fmt::print(out, "policybench {}: thread sweep, 1 to {} host threads, {} elements of {} in place; {}\n\n", version,
               series.back()["threads"].dump(), config["size"].dump(), config["type"].get<std::string>(), calls);
}

} // namespace

void write_table(const json& report, bool markdown, std::ostream& out) {
  const json& env = report["environment"];
  write_heading(report, out);
  const std::vector<column> columns = columns_for(report);
  std::vector<std::vector<std::string>> rows{{}};
  for (const auto& c : columns) rows.front().push_back(c.header);
  for (const auto& r : report["results"]) {
    if (r["status"] == "unavailable" || r["status"] == "failed") continue;
    std::vector<std::string> row;
    for (const auto& c : columns) row.push_back(c.render(r));
    rows.push_back(std::move(row));
  }
  if (rows.size() > 1) write_rows(columns, rows, markdown, out);
  const char* bullet = markdown ? "- " : "";
  std::set<std::string> said; // a sweep repeats an unavailable policy at every point
  for (const auto& r : report["results"])
    if (r["status"] == "unavailable" || r["status"] == "failed")
      if (const auto line = fmt::format("{}{} {}: {}\n", bullet, policy_label(r),
                                        r["status"].get<std::string>(), r["reason"].get<std::string>());
          said.insert(line).second)
        out << line;
  const json& ceilings = env["ceilings"];
  fmt::print(out, "\n{}ceilings{}: host copy {} GB/s, device copy {} GB/s, device theoretical peak {} GB/s\n", bullet,
             report.contains("sweep") ? " at the last point" : "", cell(ceilings["host_copy_gb_per_s"], 1, 1), cell(ceilings["device_copy_gb_per_s"], 1, 1),
             cell(ceilings["device_theoretical_peak_gb_per_s"], 1, 1));
  fmt::print(out, "{}host: {}, {} logical cores, oneTBB {}, std::par on {}; device: {}\n", bullet,
             env["host"]["cpu_model"].get<std::string>(), env["host"]["logical_cores"].get<int>(),
             env["host"]["tbb_version"].get<std::string>(), env["host"]["pstl_backend"].get<std::string>(),
             env["device"]["available"].get<bool>() ? env["device"]["name"].get<std::string>()
                                                    : "unavailable: " + env["device"]["unavailable_reason"].get<std::string>());
  if (report.contains("sweep") && report["sweep"].contains("stop_reason"))
    fmt::print(out, "{}series: stopped at {} elements: {}\n", bullet, report["sweep"]["stopped_at"].dump(),
               report["sweep"]["stop_reason"].get<std::string>());
  if (report.contains("crossovers") && report["crossovers"].is_object())
    for (const auto& line : crossover_summary(report["crossovers"])) fmt::print(out, "{}crossover: {}\n", bullet, line);
  for (const auto& w : report["warnings"]) fmt::print(out, "{}warning: {}\n", bullet, w.get<std::string>());
}

} // namespace policybench
