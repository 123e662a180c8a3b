// The human-readable report: a fixed-width (or markdown) table of the policies that ran, each block with the columns
// its rows need, laid out in aligned, wrapped lines, then the footer (what every row is set against, where its
// memory was, what ran it) and the rest; durations in their units (as nvbench prints them), the crossovers and
// roofline findings in words, the listings, and the summary's words.
#include "report/report.hpp"

#include "harness/rules.hpp"
#include "measure/run_config.hpp"
#include "measure/timing.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <ranges>
#include <sstream>
#include <tuple>

namespace policybench {

namespace {

struct unit {
  const char* name = "s";
  double size = 1;
};
constexpr std::array time_units{unit{.name = "s", .size = 1}, unit{.name = "ms", .size = 1e-3},
                                unit{.name = "us", .size = 1e-6}, unit{.name = "ns", .size = 1e-9}};
constexpr std::array byte_units{unit{.name = "GB", .size = 1e9}, unit{.name = "MB", .size = 1e6},
                                unit{.name = "kB", .size = 1e3}, unit{.name = "bytes", .size = 1}};

// The largest of `units` (largest first) in which `v` (> 0) is at least 1; the smallest for anything less.
unit unit_for(double v, std::span<const unit> units = time_units) {
  for (const auto& u : units)
    if (v >= u.size) return u;
  return units.back();
}

// `n` and `noun`, with an "s" unless n is 1: "1 footprint", "3 footprints".
std::string count_of(std::uint64_t n, const char* noun) { return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s"); }

// Bytes in decimal units with three significant figures: 80000000 -> "80 MB", 1024000000 -> "1.02 GB".
std::string bytes_text(std::uint64_t bytes) {
  const unit u = unit_for(double(bytes), byte_units);
  return fmt::format("{:.3g} {}", double(bytes) / u.size, u.name);
}

// A sweep's verdict decided on medians where a point has no interval (sweep.hpp's `faster`) says so.
std::string_view medians_only_text(bool medians_only) {
  return medians_only ? "; on medians alone where a point has no interval (under 6 calls): within noise, perhaps" : "";
}

std::string versus(const crossover_point& at) {
  return fmt::format("{} {} vs {} {}", at.challenger_policy, duration_cell(at.challenger_s), at.baseline_policy,
                     duration_cell(at.baseline_s));
}

// The default table's lines fit this many columns (its heading, footer and warnings wrapped); --wide does not.
constexpr std::size_t table_width = 120;

// A column of the table or of a listing: one cell per row; a cell of several lines ('\n') makes its row as many
// lines, the other cells on the first.
struct table_column {
  std::string header;
  std::vector<std::string> cells = {};
  bool left_aligned = false;
};

// A cell's lines: the text between its '\n's.
std::vector<std::string> lines_of(const std::string& cell) {
  std::vector<std::string> out{""};
  for (const char c : cell)
    if (c == '\n')
      out.emplace_back();
    else
      out.back().push_back(c);
  return out;
}

// The policy's name; with `wrap`, a name of more than 32 characters broken after each " + ", the rest indented by
// two ("thrust::cuda::par_nosync +\n  cuda::...").
std::string policy_label(std::string policy, bool wrap) {
  if (wrap && policy.size() > 32)
    for (auto at = policy.find(" + "); at != std::string::npos; at = policy.find(" + ", at))
      policy.replace(at, 3, " +\n  ");
  return policy;
}

// The header and `rows` rows of `columns`, each as wide as its widest line (markdown: pipes, a rule under the header);
// a row's non-empty `notes` entry follows it as written, outside the columns (not in markdown).
void write_rows(std::vector<table_column> columns, std::size_t rows, bool markdown, std::ostream& out,
                const std::vector<std::string>& notes = {}) {
  std::vector<std::size_t> width(columns.size());
  for (std::size_t c = 0; c < columns.size(); ++c) {
    width[c] = columns[c].header.size();
    for (const auto& cell : columns[c].cells)
      for (const auto& part : lines_of(cell))
        width[c] = std::max(width[c], part.size());
  }
  // One line of a row: line `at` of each cell, blank where a cell has fewer lines.
  const auto line = [&](auto cell_of, std::size_t at) {
    std::string text = markdown ? "| " : "";
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const auto parts = lines_of(cell_of(columns[c]));
      const std::string cell = at < parts.size() ? parts[at] : "";
      text += columns[c].left_aligned ? fmt::format("{:<{}}", cell, width[c]) : fmt::format("{:>{}}", cell, width[c]);
      text += markdown ? " | " : (c + 1 < columns.size() ? "  " : "");
    }
    while (!text.empty() && text.back() == ' ')
      text.pop_back();
    out << text << '\n';
  };
  const auto row = [&](auto cell_of) {
    std::size_t height = 1;
    for (const auto& c : columns)
      height = std::max(height, lines_of(cell_of(c)).size());
    for (std::size_t at = 0; at < height; ++at)
      line(cell_of, at);
  };
  row([](const table_column& c) -> const std::string& { return c.header; });
  if (markdown) {
    std::string rule = "|";
    for (std::size_t c = 0; c < width.size(); ++c)
      rule += fmt::format(fmt::runtime(columns[c].left_aligned ? " :{} |" : " {}: |"), std::string(width[c] - 1, '-'));
    out << rule << '\n';
  }
  for (std::size_t r = 0; r < rows; ++r) {
    row([r](const table_column& c) -> const std::string& { return c.cells[r]; });
    if (!markdown && r < notes.size() && !notes[r].empty()) out << notes[r] << '\n';
  }
}

} // namespace

std::string wrapped(const std::string& text, std::size_t indent) {
  std::string out;
  for (std::string line : lines_of(text)) {
    while (line.size() > table_width) {
      const auto space = line.rfind(' ', table_width);
      if (space == std::string::npos || space <= indent) break; // one word longer than a line: left whole
      out += line.substr(0, space) + '\n';
      line = std::string(indent, ' ') + line.substr(space + 1);
    }
    out += line + '\n';
  }
  out.pop_back(); // lines_of gave one line more than text had newlines
  return out;
}

// The largest of s, ms, us and ns in which `like` (or `seconds`) is at least 1 (ns below 1 ns).
std::string duration_cell(figure seconds, figure like) {
  if (!seconds) return "-";
  const double reference = like && *like > 0 ? *like : *seconds;
  if (*seconds == 0 && reference <= 0) return "0";
  const unit u = unit_for(reference);
  // 12.34 -> 2 decimals, 123.4 -> 1, below 10 three: an interval of 1% of its median still shows.
  const int digits_before = static_cast<int>(std::floor(std::log10(reference / u.size)));
  return fmt::format("{:.{}f} {}", *seconds / u.size, std::clamp(3 - digits_before, 0, 3), u.name);
}

std::vector<std::string> crossover_summary(const std::vector<crossover>& crossovers) {
  std::vector<std::string> out;
  for (const auto& c : crossovers) {
    const auto at = c.axis->label;
    const std::string_view point = c.axis->value_name;
    const std::string what = fmt::format("{} vs {} ({})", c.challenger, c.baseline, c.view);
    if (!c.at_largest_size) {
      out.push_back(fmt::format("{}: not measured, no {} where both ran", what, point));
      continue;
    }
    const std::string largest = fmt::format("at {}: {}", at(c.at_largest_size->size), versus(*c.at_largest_size));
    if (!c.from_size)
      out.push_back(
          fmt::format("{}: never in this range, it is not faster at the largest {} ({})", what, point, largest));
    else
      out.push_back(fmt::format("{}: faster from {} on, at every larger {} measured ({}; {}){}", what, at(*c.from_size),
                                point, versus(*c.at_from_size), largest, medians_only_text(c.medians_only)));
  }
  return out;
}

std::vector<std::string> compute_bound_summary(const std::vector<compute_bound_k>& policies) {
  std::vector<std::string> out;
  for (const auto& c : policies) {
    const std::string at_largest =
        c.gflop_per_s_at_largest ? fmt::format("{:.2f} GFLOP/s at K = {}", *c.gflop_per_s_at_largest, c.largest_work)
                                 : fmt::format("K = {} measured", c.largest_work);
    out.push_back(c.from_work ? fmt::format("{}: compute-bound from K = {} on (its time more than twice its first "
                                            "point's at every larger K, the intervals apart where both have one); {}{}",
                                            c.policy, *c.from_work, at_largest, medians_only_text(c.medians_only))
                              : fmt::format("{}: memory-bound at every K measured; {}", c.policy, at_largest));
  }
  return out;
}

void write_policy_list(const std::vector<policy_entry>& registry, std::ostream& out, bool markdown) {
  std::vector<table_column> columns{{.header = "policy", .left_aligned = true},
                                    {.header = "device", .left_aligned = true},
                                    {.header = "backend", .left_aligned = true},
                                    {.header = "status", .left_aligned = true}};
  std::vector<std::string> notes;
  for (const auto& p : registry) {
    // A reason is a sentence, longer than any column: under the row, where it has the table's whole width; markdown
    // has no line outside its columns, and a cell of one line.
    const std::string status = !p.unavailable ? "available"
                               : markdown     ? "unavailable: " + *p.unavailable
                                              : "unavailable";
    for (std::size_t c = 0; const std::string& cell :
                            {policy_label(p.name, !markdown), std::string(to_string(p.device)), p.backend, status})
      columns[c++].cells.push_back(cell);
    notes.push_back(p.unavailable ? wrapped("  unavailable: " + *p.unavailable) : "");
  }
  write_rows(std::move(columns), registry.size(), markdown, out, notes);
}

std::vector<workload_facts> workload_list() {
  std::vector<workload_facts> out;
  for (std::size_t i = 0; i < std::size(workload_names); ++i)
    visit_workload(workload_id(i), [&](auto workload) {
      using W = decltype(workload);
      workload_facts& w = out.emplace_back(workload_facts{.name = std::string(W::name),
                                                          .inputs = W::inputs,
                                                          .in_place = W::in_place,
                                                          .exact = W::exact,
                                                          .bytes_per_element = {},
                                                          .flops_per_element = W::flops_per_element(1)});
      for (const auto& [type, name] : element_type_names)
        if (supports(W::id, type))
          w.bytes_per_element[std::string(name)] = stream_bytes_per_element(W::inputs, size_of(type));
    });
  return out;
}

void write_workload_list(const std::vector<workload_facts>& facts, std::ostream& out, bool markdown) {
  // K is the increment's (--work): a list without it (a user's op's) has no K to name.
  const bool has_k =
      std::ranges::any_of(facts, [](const auto& w) { return w.name == to_string(workload_id::increment); });
  std::vector<table_column> columns{{.header = "workload", .left_aligned = true},
                                    {.header = "inputs"},
                                    {.header = "in place", .left_aligned = true},
                                    {.header = "check", .left_aligned = true},
                                    {.header = "bytes per element (STREAM's counting)", .left_aligned = true},
                                    {.header = has_k ? "FLOPs per element (K = 1)" : "FLOPs per element"}};
  for (const workload_facts& w : facts) {
    std::vector<std::string> bytes;
    for (const auto& [type, b] : w.bytes_per_element)
      bytes.push_back(fmt::format("{:g} ({})", b, type));
    for (std::size_t c = 0; const std::string& cell :
                            {w.name, std::to_string(w.inputs), std::string(w.in_place ? "yes" : "no"),
                             std::string(w.exact ? "exact" : "100 epsilon"), fmt::format("{}", fmt::join(bytes, ", ")),
                             // NaN: a user's op that declares none ('-', as every table marks a figure it lacks)
                             std::isnan(w.flops_per_element) ? "-" : fmt::format("{:g}", w.flops_per_element)})
      columns[c++].cells.push_back(cell);
  }
  write_rows(std::move(columns), facts.size(), markdown, out);
}

namespace {

// A policy's GB/s and % ceiling at --work K > 1: '-', bound by its FLOPs (GFLOP/s, % roofline); the table's cells
// and its marks' legend ask this one rule.
bool flop_bound(const benchmark_report& report, const result_row& r) {
  return is_policy(r) && report.environment.config.work.value_or(1) > 1;
}

/// A share above 100 carries above_mark (beyond both intervals) or within_mark (within them).
constexpr const char* above_mark = " !";
constexpr const char* within_mark = " ~";

// `v` x `scale` with `decimals` and `suffix`, or "-" when unknown.
std::string fixed_cell(figure v, double scale, int decimals, const char* suffix = "") {
  return v ? fmt::format("{:.{}f}{}", *v * scale, decimals, suffix) : "-";
}

// The median's 95% interval, numbers alone in the median's unit and decimals: "half-width" where it is about even; a
// lopsided one (a side over 1.5x the other: widened to take in what a rerun sees) "-below/+above", never a wider ±.
std::string interval_cell(const result_row& r) {
  if (!r.median_s || !r.median_ci_low_s || !r.median_ci_high_s) return "-";
  const double below = std::max(0.0, *r.median_s - *r.median_ci_low_s);
  const double above = std::max(0.0, *r.median_ci_high_s - *r.median_s);
  const auto number = [&](double s) {
    const std::string cell = duration_cell(s, r.median_s);
    return cell.substr(0, cell.find(' '));
  };
  // Judged on the figures printed too: two sides that read alike are one half-width, never "-0.0/+0.0".
  const std::string low = number(below), high = number(above);
  if (low == high || std::max(below, above) <= 1.5 * std::min(below, above)) return number((below + above) / 2);
  // A side that reads zero is left out: "+0.010" (the interval reaches 0.010 above), never "-0.000/+0.010".
  if (std::stod(low) == 0) return fmt::format("+{}", high); // fmt, not "+" + ...: GCC 12 warns falsely (-Wrestrict)
  if (std::stod(high) == 0) return fmt::format("-{}", low);
  return fmt::format("-{}/+{}", low, high);
}

// A row's cell of summary `s`, read from its JSON value (field_json) as the column's hint says.
std::string cell(const result_row& r, const summary& s, const table_view& view) {
  const summary_column& c = s.column;
  const nlohmann::ordered_json v = field_json(r, s);
  const figure number = v.is_number() ? figure(v.get<double>()) : figure();
  switch (c.hint) {
  case cell_hint::name: return policy_label(r.policy, !view.wide);
  case cell_hint::text: return v.is_string() ? v.get<std::string>() : "-";
  case cell_hint::count: return v.is_number() ? v.dump() : "-";
  case cell_hint::disturbed:
    return (v.is_number() ? v.dump() : "-") + (r.mostly_disturbed.value_or(false) ? " (most)" : "");
  case cell_hint::yes_no: return v.is_boolean() ? (v.get<bool>() ? "yes" : "NO") : "-";
  case cell_hint::duration: return duration_cell(number);
  case cell_hint::interval: return interval_cell(r);
  case cell_hint::bandwidth: return view.flop_bound ? "-" : fixed_cell(number, c.scale, c.decimals);
  case cell_hint::ceiling_share: // above 100 marked, never bare (the footer says why)
    if (view.flop_bound) return "-";
    if (!number || *number <= 100) return fixed_cell(number, c.scale, c.decimals);
    return fixed_cell(number, c.scale, c.decimals, r.above_ceiling.value_or(false) ? above_mark : within_mark);
  case cell_hint::fixed: break;
  }
  return fixed_cell(number, c.scale, c.decimals, c.suffix);
}

// The columns for `view.rows`, one cell per row ('-' where a figure does not apply): every summary with a header
// that its column shows in this table (and the sweep's axis' own) and that some row has (a mode's), by place.
std::vector<table_column> table_columns(const table_view& view) {
  std::vector<const summary*> shown;
  for (const summary& s : summaries())
    if (s.column.header && (s.column.shown(view) || s.name == view.axis) && any_has(view.rows, s)) shown.push_back(&s);
  std::stable_sort(shown.begin(), shown.end(),
                   [](const summary* a, const summary* b) { return a->column.place < b->column.place; });
  std::vector<table_column> out;
  for (const summary* s : shown) {
    const bool left = s->column.hint == cell_hint::name || s->column.hint == cell_hint::text;
    table_column& c = out.emplace_back(table_column{.header = s->column.header, .left_aligned = left});
    for (const result_row* r : view.rows)
      c.cells.push_back(cell(*r, *s, view));
  }
  return out;
}

// Whether none of a workload's rows ran, all for one reason: the workload was not measured (--workload all's time
// left held no share for it).
bool not_measured(std::span<const result_row> rows) {
  return !rows.empty() && std::ranges::all_of(rows, [&](const result_row& r) {
    return r.status == row_status::unavailable && r.reason == rows.front().reason;
  });
}

// Writes `rows` of `report` (one workload's) that ran: the policies, then the ceilings they are set against, each
// block with the columns its rows need (table_columns). `wide` (and markdown): every column; else those that fit.
void write_row_blocks(const benchmark_report& report, std::span<const result_row> rows, ceiling_shape shape,
                      bool markdown, bool wide, std::ostream& out) {
  for (const bool ceilings : {false, true}) {
    std::vector<const result_row*> ran;
    for (const auto& r : rows)
      if (r.status != row_status::unavailable && r.status != row_status::failed && is_policy(r) != ceilings)
        ran.push_back(&r);
    if (ran.empty()) continue;
    if (ceilings) { // markdown: a blank line on both sides of a table, or CommonMark reads it into the list item
      const char* unit = shape == ceiling_shape::compute ? "GFLOP/s" : "GB/s";
      fmt::print(out,
                 "{}ceilings (% ceiling: a row's median {} against its device's fastest parallel {} median {}):\n{}",
                 markdown ? "- " : "\n", unit, to_string(shape), unit, markdown ? "\n" : "");
    }
    const table_view view{.wide = wide || markdown,
                          .ceilings = ceilings,
                          .flop_bound = flop_bound(report, *ran.front()), // the policies' block alone
                          .rows = ran,
                          .axis = report.sweep ? axis_of(report.sweep->kind).name : ""};
    write_rows(table_columns(view), ran.size(), markdown, out);
    if (markdown) out << '\n';
  }
}

// The huge-page bytes the host arrays got: the range over the policies' rows and over the ceilings'.
std::string huge_pages_obtained(const benchmark_report& report) {
  std::string text;
  for (const bool policies : {false, true}) {
    std::optional<std::uint64_t> low, high;
    for (const auto& r : report.results)
      if (r.huge_page_bytes && is_policy(r) == policies) {
        low = std::min(low.value_or(*r.huge_page_bytes), *r.huge_page_bytes);
        high = std::max(high.value_or(0), *r.huge_page_bytes);
      }
    const std::string range = !low ? "-" : *low == *high ? std::to_string(*low) : fmt::format("{} to {}", *low, *high);
    text += fmt::format("{}{} {}", text.empty() ? "" : ", ", policies ? "policies' arrays" : "ceilings' arrays", range);
  }
  return text + " bytes";
}

// What the table's marks and '-' mean, each said once.
void write_marks(const benchmark_report& report, const char* bullet, std::ostream& out) {
  const auto& rows = report.results;
  const auto any = [&](auto pred) { return std::any_of(rows.begin(), rows.end(), pred); };
  const std::uint64_t llc = report.environment.host.llc_bytes;
  // Only the marks the table shows: a policy's % ceiling at --work K > 1 is '-' (flop_bound).
  const auto above = [&](const result_row& r) { return r.above_ceiling.value_or(false) && !flop_bound(report, r); };
  // Beyond the row's spread only where it has one: device kernel times and rows under 6 counted calls have none.
  const auto beyond = [&](const result_row& r) { return above(r) && r.device != side::device && r.median_ci_high_s; };
  const auto cached = [&](const result_row& r) {
    return beyond(r) && under_4x_cache(std::uint64_t(r.bytes_per_call / 2), llc);
  };
  if (any(beyond))
    fmt::print(out,
               "{}{}: above the ceiling's median by more than the row's spread (its 95% interval), so that ceiling "
               "does not bound it here: {}\n",
               bullet, above_mark + 1,
               any(cached) ? "its array is under 4x the last-level cache (STREAM's rule), which may serve part of it"
                           : "the ceiling's kernel is not the fastest schedule here, or the machine was busy while it "
                             "ran (a finding, not a measurement error)");
  if (any([&](const result_row& r) { return above(r) && !beyond(r); }))
    fmt::print(out,
               "{}{} without a 95% interval (under 6 counted calls, or a device row's kernel time): above the "
               "ceiling's median, too few calls to tell whether beyond the noise\n",
               bullet, above_mark + 1);
  const auto within = [&](const result_row& r) {
    return !r.above_ceiling.value_or(true) && *r.pct_of_ceiling > 100 && !flop_bound(report, r);
  };
  // Both intervals: a ceiling without one bounds nothing (harness/rules.hpp).
  if (any(within))
    fmt::print(out, "{}{}: above the ceiling's median, but within both intervals: the same within noise\n", bullet,
               within_mark + 1);
  if (report.environment.config.work.value_or(1) > 1)
    fmt::print(out,
               "{}GB/s, % ceiling: '-' for the policies at --work K > 1, bound by their FLOPs (GFLOP/s, % roofline) "
               "rather than by the bytes they move\n",
               bullet);
  fmt::print(
      out,
      "{}disturbed: timed calls whose threads waited >= {:.0f} us (and 2% of the call) for a CPU taken by "
      "other work, {}; '-': a figure that does not apply or could not be measured (an "
      "effective parallelism under 10 ms of calls, a speedup without a validated loop row with a 95% interval)\n",
      bullet, disturbed_floor_s * 1e6,
      report.environment.config.keep_disturbed
          ? "counted in the figures (--keep-disturbed; policybench-mpi always counts every call)"
          : "left out of the row's figures; '(most)': most of its calls were disturbed (with fewer than 5 "
            "quiet ones, every call counts)");
}

// The footer's lines (the peaks, the marks, the placement, the host and the device, a mode's notes), each led by
// `bullet` ("- " in markdown, "" in the table).
void write_table_footer(const benchmark_report& report, const char* bullet, std::ostream& out) {
  const environment_info& env = report.environment;
  const host_info& h = env.host;
  // Only a run with --work K > 1 has them (the roofline's flat roof; 2 FLOPs per fused multiply-add): its ceiling
  // rows give the measured figure, the peaks are said here.
  const ceiling_summary& c = env.ceilings;
  for (const auto& [where, device, peak_figures] :
       {std::tuple{"host", side::host, c.host_compute_peak}, {"device", side::device, c.device_compute_peak}}) {
    const figure peak = peak_figures && peak_figures->gflop_per_s > 0 ? figure(peak_figures->gflop_per_s) : figure();
    if (!peak) continue;
    const auto compute = std::find_if(c.streams.begin(), c.streams.end(), [&](const policy_entry& s) {
      return s.device == device && s.bound == ceiling_bound::compute;
    });
    const result_row* row = compute == c.streams.end() ? nullptr : ceiling_row(ceiling_rows(report), *compute);
    const figure best = row ? throughput(*row) : figure();
    // A measured median above the peak means the peak's clock is below the one the cores ran at (a VM's
    // /proc/cpuinfo gives the nominal clock while the cores boost): said, so that the two never read as a paradox.
    const std::string above = best && *best > *peak ? fmt::format("; the compute ceiling ran at {:.2f}x this peak: "
                                                                  "the cores' clock was above the one assumed",
                                                                  *best / *peak)
                                                    : "";
    fmt::print(out, "{}{} theoretical peak: {:.1f} GFLOP/s ({}){}\n", bullet, where, *peak, peak_figures->how, above);
  }
  write_marks(report, bullet, out);
  fmt::print(out,
             "{}placement: {} pages, {} first touch; huge pages obtained: {}; transparent huge pages: {}; NUMA "
             "nodes: {}\n",
             bullet, env.config.pages, env.config.first_touch, huge_pages_obtained(report),
             h.transparent_hugepages.empty() ? "none" : h.transparent_hugepages,
             h.numa_nodes.empty() ? "none" : fmt::format("{}", fmt::join(h.numa_nodes, ",")));
  fmt::print(out,
             "{}host: {}, {}, last-level cache {} bytes ({}{}), built for {}, oneTBB {}, std::par on {}; device: {}\n",
             bullet, h.cpu_model, count_of(h.logical_cores, "logical core"), h.llc_bytes, h.cache_source,
             h.llc_instances > 0 ? ", " + count_of(h.llc_instances, "instance") : "", h.compiled_for, h.tbb_version,
             h.pstl_backend,
             env.device.unavailable ? "unavailable: " + *env.device.unavailable
                                    : fmt::format("{}, theoretical peak {:.0f} GB/s", env.device.name,
                                                  env.device.theoretical_peak_gb_per_s));
  if (!env.config.stream_hold)
    fmt::print(out,
               "{}kernel times: per call of a batch between one event pair, the stream not held "
               "(--no-stream-hold): each includes a share of the first launch's latency\n",
               bullet);
  for (const auto& note : report.notes)
    fmt::print(out, "{}{}\n", bullet, note);
}

// The first line after "policybench <version>: ": what was run, for one run or for a sweep.
std::string heading(const benchmark_report& report) {
  const report_config& config = report.environment.config;
  const std::string what = config.workload == "increment" ? "in place" : config.workload;
  if (!report.sweep) {
    const std::string seconds = config.timeout_s ? fmt::format("{} s", *config.timeout_s) : "";
    const std::string calls =
        config.max_noise_pct
            ? fmt::format("timed calls until the median is within +-{}% (at most {}{} a row)", *config.max_noise_pct,
                          count_of(config.reps, "call"), seconds.empty() ? "" : " and " + seconds)
            : fmt::format("{}{}", count_of(config.reps, "timed call"),
                          seconds.empty() ? "" : " (at most " + seconds + " a row)");
    // The rounds that ran, not those planned: a run may end before its base rounds are done.
    const std::size_t ran = config.round_orders.size(), base = std::size_t(config.rounds);
    const std::string planned = count_of(base, "base round");
    const std::string rounds = ran > base
                                   ? fmt::format("{}, {} in all for rows still short of their target", planned, ran)
                               : ran < base ? fmt::format("{} of the {} planned", count_of(ran, "round"), base)
                                            : planned;
    const std::string order =
        config.seed ? fmt::format("interleaved in {} (seed {})", rounds, *config.seed) : config.order;
    const int work = config.work.value_or(1);
    const std::string per_element = work > 1 ? fmt::format(", K = {} fused steps per element", work) : "";
    // Several workloads move different bytes: each one's heading says its own (write_table).
    const std::string moved =
        config.bytes_per_call ? fmt::format(" ({} bytes moved per call{})", *config.bytes_per_call, per_element) : "";
    return fmt::format("{} x {} {}{}, {} warm-up + {}, {}, host threads: {}", config.size.value_or(0), config.type,
                       what, moved, config.warmup, calls, order, config.host_concurrency);
  }
  const sweep_info& sweep = *report.sweep;
  const sweep_axis& axis = axis_of(sweep.kind);
  const std::string calls = fmt::format("{}, then timed calls filling {} s (at least {}, at most {})",
                                        count_of(config.warmup, "warm-up call"), sweep.min_time_s,
                                        least_timed_reps(config.reps), config.reps);
  const auto [first, last] = std::ranges::minmax(report.results | std::views::transform(axis.value_of));
  const std::string elements = axis.sizes_array ? "" : ", " + count_of(config.size.value_or(0), "element");
  const std::string threads = axis.host_only ? "" : fmt::format("; host threads: {}", config.host_concurrency);
  return fmt::format("{}{} of {} {}; {}{}", axis.heading(first, last, sweep.series.size()), elements, config.type, what,
                     calls, threads);
}

// The summary's words: why the probe decided nothing, the regime, a speedup that cannot be judged.
std::string unknown_text(const regime_report& r) {
  const std::size_t n = r.points.size();
  switch (r.why) {
  case unknown_reason::still_falling:
    return fmt::format("the in-place bandwidth had not stopped falling at the largest footprints probed ({}: {:.1f} "
                       "GB/s, {:.1f} at {})",
                       bytes_text(r.points[n - 1].bytes), r.points[n - 1].gb_per_s, r.points[n - 2].gb_per_s,
                       bytes_text(r.points[n - 2].bytes));
  case unknown_reason::array_point_noisy: {
    const auto at = std::ranges::find(r.points, r.array_bytes, &bandwidth_point::bytes);
    return fmt::format("the {} array streamed {:.1f} GB/s at its median, above the {:.1f} GB/s plateau, but its "
                       "interval reaches down to {:.1f} (a busy machine widens it)",
                       bytes_text(r.array_bytes), at->gb_per_s, *r.plateau_gb_per_s, at->low_gb_per_s);
  }
  case unknown_reason::no_cache_step:
    return fmt::format("the probe streamed {:.1f} GB/s at {}, inside the {} cache, no faster than past it ({:.1f} "
                       "GB/s): this stream is bound by its work per element, not by memory",
                       r.points.front().gb_per_s, bytes_text(r.points.front().bytes), bytes_text(r.llc_bytes),
                       *r.plateau_gb_per_s);
  case unknown_reason::top_in_cache:
    return fmt::format("the probe's largest footprint, {}, fits in the {} cache this host reports (a memory limit cut "
                       "it): a plateau there may be the cache's",
                       bytes_text(r.points.back().bytes), bytes_text(r.llc_bytes));
  case unknown_reason::disturbed:
    return "other work disturbed every call of the probe's footprints that decide (its threads waited for a CPU): a "
           "quieter machine tells";
  case unknown_reason::out_of_time:
    return fmt::format("the probe (largest footprint first) ran out of time at {} ({}), before it could tell for "
                       "the {} array (a busy machine slows it)",
                       bytes_text(r.points.front().bytes), count_of(n, "footprint"), bytes_text(r.array_bytes));
  default:
    if (r.unmapped_bytes)
      return fmt::format("the probe could not map its {} footprint (out of host memory: a limit on address space, "
                         "ulimit -v?), short of its largest, {}",
                         bytes_text(*r.unmapped_bytes), bytes_text(r.planned_top_bytes));
    return fmt::format("the probe did not reach its largest footprint, {} (its share of the run's time would not "
                       "hold it, or it did not map; a busy machine slows it)",
                       bytes_text(r.planned_top_bytes));
  }
}

std::string regime_text(const regime_report& r) {
  const auto at_array = std::ranges::find(r.points, r.array_bytes, &bandwidth_point::bytes);
  const std::string own =
      at_array == r.points.end() ? "" : fmt::format("{:.1f} GB/s at its size, ", at_array->gb_per_s);
  const std::string stream = r.stream_rule ? fmt::format("; STREAM's 4x rule on the reported {} cache says {}",
                                                         bytes_text(r.llc_bytes), *r.stream_rule)
                                           : "";
  const std::string array = bytes_text(r.array_bytes);
  if (r.regime == "unknown") return "regime: unknown: " + unknown_text(r) + stream;
  const std::string flat = fmt::format("{:.1f} GB/s within {:.0f}% from {} on", *r.plateau_gb_per_s, 100 * r.tolerance,
                                       bytes_text(*r.memory_from_bytes));
  if (r.regime == "memory")
    return fmt::format(
        "regime: memory: the {} array is where this host's in-place bandwidth has stopped falling ({}{}){}", array, own,
        flat, stream);
  return fmt::format("regime: CACHE, not memory: the {} array streams faster than this host's memory does ({}{}){}",
                     array, own, flat, stream);
}

// A speedup that cannot be judged, said of the rows it is about: loop itself, or the parallel row faster than loop at
// its median (harness/rules.cpp's reason opens with its name), which need not be the fastest row named above.
std::string unjudged_speedup_text(const std::string& why) {
  const auto has = why.rfind(" has ");
  if (has == std::string::npos) return "parallel speedup: - (" + why + ")"; // another wording: as it is
  const std::string who = why.substr(0, has);
  if (who == baseline_policy) return "parallel speedup: - (" + why + ": no row can be set apart from it)";
  return fmt::format("parallel speedup: - ({} is faster than {} at its median but{}; no parallel row with an interval "
                     "is apart from {}'s)",
                     who, baseline_policy, why.substr(who.size()), baseline_policy);
}

} // namespace

void write_table(const benchmark_report& report, bool markdown, std::ostream& screen, bool wide) {
  // Markdown keeps its lines whole (a renderer wraps them); the default table wraps its own text to table_width.
  std::ostringstream out;
  const auto flush = [&] {
    screen << (markdown || wide ? out.str() : wrapped(out.str()));
    out.str("");
  };
  fmt::print(out, "policybench {}: {}\n\n", POLICYBENCH_VERSION, heading(report));
  const char* bullet = markdown ? "- " : "";
  // One group per workload, its rows consecutive: its heading where there are several, its summary, its rows.
  const std::span<const result_row> rows = report.results;
  std::vector<std::span<const result_row>> groups;
  for (std::size_t begin = 0, end = 0; begin < rows.size(); begin = end) {
    while (end < rows.size() && rows[end].workload == rows[begin].workload)
      ++end;
    groups.push_back(rows.subspan(begin, end - begin));
  }
  if (groups.empty()) groups.emplace_back();
  std::vector<std::span<const result_row>> listed; // the groups whose rows that did not run are listed after the last
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (report.summaries.size() > 1 && !groups[g].empty())
      fmt::print(out, "{}{}workload {}: {} bytes moved per call\n{}", g > 0 ? "\n" : "", markdown ? "### " : "",
                 groups[g].front().workload, groups[g].front().bytes_per_call, markdown ? "\n" : "");
    if (g < report.summaries.size()) { // the answer under the heading (markdown: as list items), then a blank line
      const auto lines = summary_lines(report.summaries[g]);
      for (const auto& line : lines)
        out << bullet << line << '\n';
      if (!lines.empty()) out << '\n';
    }
    // A workload not measured (out of time, interrupted): its one reason under its heading, not a line per row below.
    if (report.summaries.size() > 1 && not_measured(groups[g]))
      fmt::print(out, "{}{}\n", bullet, *groups[g].front().reason);
    else
      listed.push_back(groups[g]);
    flush();
    // Each workload's % ceiling is against ceilings of its own shape (a sweep's one workload: the environment's).
    const ceiling_shape shape =
        g < report.summaries.size() ? report.summaries[g].shape : report.environment.ceilings.shape;
    write_row_blocks(report, groups[g], shape, markdown, wide, screen);
  }
  // Each unavailable or failed row once (a sweep repeats it at every point, several workloads under each), after the
  // last group: in a report of several workloads naming those it was so under, lest it read as the last one's.
  struct said_once {
    std::string what, reason;
    std::vector<std::string> workloads;
  };
  std::vector<said_once> said;
  for (const auto& group : listed)
    for (const auto& r : group)
      if (r.status == row_status::unavailable || r.status == row_status::failed) {
        const std::string what = fmt::format("{} {}", r.policy, to_string(r.status));
        auto at =
            std::ranges::find_if(said, [&](const said_once& s) { return s.what == what && s.reason == *r.reason; });
        if (at == said.end()) at = said.insert(said.end(), {what, *r.reason, {}});
        if (std::ranges::find(at->workloads, r.workload) == at->workloads.end()) at->workloads.push_back(r.workload);
      }
  for (const auto& s : said) {
    const bool several = report.summaries.size() > 1, every = s.workloads.size() >= listed.size();
    const std::string under = !several ? ""
                              : every  ? " (every workload)"
                                       : fmt::format(" ({})", fmt::join(s.workloads, ", "));
    fmt::print(out, "{}{}{}: {}\n", bullet, s.what, under, s.reason);
  }
  write_table_footer(report, bullet, out);
  if (report.sweep && axis_of(report.sweep->kind).sizes_array)
    fmt::print(out, "{}series: stopped at {}: {}\n", bullet, count_of(report.sweep->stopped_at, "element"),
               report.sweep->stop_reason);
  if (report.crossovers)
    for (const auto& line : crossover_summary(*report.crossovers))
      fmt::print(out, "{}crossover: {}\n", bullet, line);
  if (report.compute_bound)
    for (const auto& line : compute_bound_summary(*report.compute_bound))
      fmt::print(out, "{}roofline: {}\n", bullet, line);
  for (const auto& w : report.warnings)
    fmt::print(out, "{}warning: {}\n", bullet, w);
  flush();
}
std::vector<std::string> summary_lines(const run_summary& s) {
  if (!s.fastest && !s.fastest_unjudged) return {};
  const std::string ties = s.tied_with_fastest.empty() ? "no other row's interval overlaps it"
                                                       : fmt::format("tied with it (intervals overlap, not ranked): {}",
                                                                     fmt::join(s.tied_with_fastest, ", "));
  std::string first = s.fastest_unjudged ? "fastest: - (" + *s.fastest_unjudged + ")"
                                         : fmt::format("fastest: {} (median {}, 95% interval {} to {}); {}", *s.fastest,
                                                       duration_cell(s.fastest_median_s),
                                                       duration_cell(s.fastest_low_s, s.fastest_median_s),
                                                       duration_cell(s.fastest_high_s, s.fastest_median_s), ties);
  std::string second =
      !s.loop_ran          ? "parallel speedup: - (no validated loop row)"
      : s.speedup_unjudged ? unjudged_speedup_text(*s.speedup_unjudged)
      : s.speedup
          ? fmt::format("parallel speedup: {:.2f}x over loop ({}, {})", s.speedup->speedup_vs_loop, s.speedup->policy,
                        s.speedup->policy == s.fastest ? "intervals apart"
                                                       : "the fastest parallel row whose interval is apart from loop's")
          : "parallel speedup: not shown (no parallel row's interval is apart from loop's: "
            "the intervals overlap, so a speedup read from the medians may be noise; a "
            "quieter machine or a longer run narrows them)";
  if (s.regime) second += "; " + regime_text(*s.regime);
  return {wrapped(first, 2), wrapped(second, 2)};
}

nlohmann::ordered_json summary_json(const run_summary& s) {
  using json = nlohmann::ordered_json;
  json out = json::object();
  POLICYBENCH_JSON_MEMBERS(out, s, fastest, fastest_median_s);
  out["fastest_interval_low_s"] = s.fastest_low_s, out["fastest_interval_high_s"] = s.fastest_high_s;
  out["tied_with_fastest"] = s.tied_with_fastest;
  out["parallel_speedup"] = nullptr;
  if (s.speedup)
    POLICYBENCH_JSON_MEMBERS(out["parallel_speedup"] = json::object(), *s.speedup, policy, speedup_vs_loop);
  out["loop_ran"] = s.loop_ran;
  out["regime"] = nullptr;
  if (!s.regime) return out;
  json& r = out["regime"] = json::object();
  POLICYBENCH_JSON_MEMBERS(r, *s.regime, regime);
  r["why"] = s.regime->regime == "unknown" ? json(unknown_text(*s.regime)) : json(nullptr);
  POLICYBENCH_JSON_MEMBERS(r, *s.regime, array_bytes, memory_from_bytes, plateau_gb_per_s, tolerance, stream_rule,
                           llc_bytes, planned_top_bytes, probe_s);
  r["points"] = POLICYBENCH_JSON_ARRAY(s.regime->points, bytes, gb_per_s, low_gb_per_s, high_gb_per_s);
  return out;
}

} // namespace policybench
