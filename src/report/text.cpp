// The report's pieces in words: durations in their units (as nvbench prints them), the crossovers of a sweep and
// its roofline findings with the figures that decide them, and --list-policies.
#include "report/report.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

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

// `v` with three significant figures in its unit_for.
std::string three_figures(double v, std::span<const unit> units) {
  const unit u = unit_for(v, units);
  return fmt::format("{:.3g} {}", v / u.size, u.name);
}

std::string versus(const crossover_point& at) {
  return fmt::format("{} {} vs {} {}", at.challenger_policy, duration_text(at.challenger_s), at.baseline_policy,
                     duration_text(at.baseline_s));
}

} // namespace

std::string duration_cell(figure seconds, figure like) {
  if (!seconds) return "-";
  const double reference = like && *like > 0 ? *like : *seconds;
  if (*seconds == 0 && reference <= 0) return "0";
  const unit u = unit_for(reference);
  // 12.34 -> 2 decimals, 123.4 -> 1, below 10 three: an interval of 1% of its median still shows.
  const int digits_before = static_cast<int>(std::floor(std::log10(reference / u.size)));
  return fmt::format("{:.{}f} {}", *seconds / u.size, std::clamp(3 - digits_before, 0, 3), u.name);
}

std::string count_of(std::uint64_t n, const char* noun) { return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s"); }

std::string duration_text(double seconds) { return three_figures(seconds, time_units); }

std::string bytes_text(std::uint64_t bytes) { return three_figures(double(bytes), byte_units); }

std::vector<std::string> crossover_summary(const std::vector<crossover>& crossovers) {
  std::vector<std::string> out;
  for (const auto& c : crossovers) {
    const bool work = c.axis == "work"; // a work sweep's points are K, a size sweep's element counts
    const auto at = [&](std::uint64_t p) { return work ? fmt::format("K = {}", p) : count_of(p, "element"); };
    const char* point = work ? "K" : "size";
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
      out.push_back(fmt::format("{}: faster from {} on, at every larger {} measured ({}; {})", what, at(*c.from_size),
                                point, versus(*c.at_from_size), largest));
  }
  return out;
}

std::vector<std::string> compute_bound_summary(const std::vector<compute_bound_k>& policies) {
  std::vector<std::string> out;
  for (const auto& c : policies) {
    const std::string at_largest =
        c.gflop_per_s_at_largest ? fmt::format("{:.3g} GFLOP/s at K = {}", *c.gflop_per_s_at_largest, c.largest_work)
                                 : fmt::format("K = {} measured", c.largest_work);
    out.push_back(c.from_work ? fmt::format("{}: compute-bound from K = {} on (its time more than twice its first "
                                            "point's, at every larger K); {}",
                                            c.policy, *c.from_work, at_largest)
                              : fmt::format("{}: memory-bound at every K measured; {}", c.policy, at_largest));
  }
  return out;
}

void write_policy_list(const std::vector<policy_entry>& registry, std::ostream& out) {
  std::vector<table_column> columns{{.header = "policy", .left_aligned = true},
                                    {.header = "device", .left_aligned = true},
                                    {.header = "backend", .left_aligned = true},
                                    {.header = "status", .left_aligned = true}};
  std::vector<std::string> notes;
  for (const auto& p : registry) {
    const std::string status = p.unavailable ? "unavailable" : "available";
    for (std::size_t c = 0;
         const std::string& cell : {policy_label(p.name, true), std::string(to_string(p.device)), p.backend, status})
      columns[c++].cells.push_back(cell);
    // A reason is a sentence, longer than any column: under the row, where it has the table's whole width.
    notes.push_back(p.unavailable ? wrapped("  unavailable: " + *p.unavailable) : "");
  }
  write_rows(std::move(columns), registry.size(), false, out, notes);
}

} // namespace policybench
