// The table's footer: what every row is set against (ceilings), where its memory was (placement), what ran it, and
// the notes a mode adds.
#include "report/table_columns.hpp"

#include "harness/rules.hpp"
#include "measure/thread_clocks.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>
#include <string>
#include <tuple>

namespace policybench {
namespace {

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
  const auto above = [](const result_row& r) { return r.above_ceiling.value_or(false); };
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
  const auto within = [](const result_row& r) { return !r.above_ceiling.value_or(true) && *r.pct_of_ceiling > 100; };
  // Both intervals: a ceiling without one bounds nothing (harness/ceiling_rows.hpp).
  if (any(within))
    fmt::print(out, "{}{}: above the ceiling's median, but within both intervals: the same within noise\n", bullet,
               within_mark + 1);
  if (report.environment.config.work.value_or(1) > 1)
    fmt::print(out,
               "{}GB/s, % ceiling: '-' for the policies at --work K > 1, bound by their FLOPs (GFLOP/s, % roofline) "
               "rather than by the bytes they move\n",
               bullet);
  fmt::print(out,
             "{}disturbed: timed calls whose threads waited >= {:.0f} us (and 2% of the call) for a CPU taken by "
             "other work, {}; '-': a figure that does not apply or could not be measured (an "
             "effective parallelism under 10 ms of calls, a speedup without a validated loop row)\n",
             bullet, disturbed_floor_s * 1e6,
             report.environment.config.keep_disturbed
                 ? "counted in the figures (--keep-disturbed)"
                 : "left out of the row's figures; '(most)': most of its calls were disturbed (with fewer than 5 "
                   "quiet ones, every call counts)");
}

} // namespace

void write_table_footer(const benchmark_report& report, const char* bullet, std::ostream& out) {
  const environment_info& env = report.environment;
  const host_info& h = env.host;
  // Only a run with --work K > 1 has them (the roofline's flat roof; 2 FLOPs per fused multiply-add): its ceiling
  // rows give the measured figure, the peaks are said here.
  const ceiling_summary& c = env.ceilings;
  for (const auto& [where, device, peak_figures] :
       {std::tuple{"host", side::host, c.host_compute_peak}, {"device", side::device, c.device_compute_peak}}) {
    const figure peak = peak_figures ? peak_figures->gflop_per_s : figure();
    if (!peak) continue;
    const auto compute = std::find_if(c.streams.begin(), c.streams.end(), [&](const ceiling_stream_figures& s) {
      return s.device == device && s.bound == ceiling_bound::compute;
    });
    const figure best = compute == c.streams.end() ? figure() : compute->rate;
    const std::optional<std::string>& how = peak_figures->how;
    // A measured median above the peak means the peak's clock is below the one the cores ran at (a VM's
    // /proc/cpuinfo gives the nominal clock while the cores boost): said, so that the two never read as a paradox.
    const std::string above = best && *best > *peak ? fmt::format("; the compute ceiling ran at {:.2f}x this peak: "
                                                                  "the cores' clock was above the one assumed",
                                                                  *best / *peak)
                                                    : "";
    fmt::print(out, "{}{} theoretical peak: {:.1f} GFLOP/s ({}){}\n", bullet, where, *peak, how.value_or(""), above);
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

} // namespace policybench
