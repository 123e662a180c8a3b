// The table's footer: what every row is set against (ceilings), where its memory was (placement), what ran it, and
// the notes a mode adds.
#include "report/table_footer.hpp"

#include "harness/rules.hpp"
#include "measure/thread_clocks.hpp"
#include "report/compare_with.hpp"
#include "report/table_columns.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>
#include <string>
#include <tuple>

namespace policybench {
namespace {

// The huge-page bytes the host arrays got: the ceilings' and the range over the policies' rows.
std::string huge_pages_obtained(const benchmark_report& report) {
  std::optional<std::uint64_t> low, high;
  for (const auto& r : report.results)
    if (r.huge_page_bytes && !source_of(r)) {
      low = std::min(low.value_or(*r.huge_page_bytes), *r.huge_page_bytes);
      high = std::max(high.value_or(0), *r.huge_page_bytes);
    }
  const auto& ceiling = report.environment.ceilings.host_huge_page_bytes;
  std::string text = fmt::format("ceilings' array {}", ceiling ? std::to_string(*ceiling) : "-");
  if (low)
    text += fmt::format(", policies' arrays {}",
                        *low == *high ? std::to_string(*low) : fmt::format("{} to {}", *low, *high));
  return text + " bytes";
}

// What the table's marks and '-' mean, each said once.
void write_marks(const benchmark_report& report, const char* bullet, std::ostream& out) {
  const auto& rows = report.results;
  const auto any = [&](auto pred) { return std::any_of(rows.begin(), rows.end(), pred); };
  const std::uint64_t llc = report.environment.host.llc_bytes;
  const auto above = [](const result_row& r) { return r.above_ceiling.value_or(false); };
  const auto cached = [&](const result_row& r) {
    return above(r) && under_4x_cache(std::uint64_t(r.bytes_per_call / 2), llc);
  };
  if (any(above))
    fmt::print(out,
               "{}{}: the row beat its ceiling's fastest call beyond both intervals, so that ceiling does not "
               "bound it here: {}\n",
               bullet, above_mark + 1,
               any(cached) ? "its array is cache-resident (under 4x the last-level cache)"
                           : "the ceiling's kernel is not the fastest schedule here, or the machine was busy while it "
                             "ran (a finding, not a measurement error)");
  if (any([](const result_row& r) { return !r.above_ceiling.value_or(true) && *r.pct_of_ceiling > 100; }))
    fmt::print(out,
               "{}{}: above the ceiling's fastest call, but within the row's median interval: the same within "
               "noise\n",
               bullet, within_mark + 1);
  fmt::print(out,
             "{}disturbed: timed calls whose threads waited >= {:.0f} us (and 2% of the call) for a CPU taken by "
             "other work, {}; '-': a figure that does not apply or could not be measured (an "
             "effective parallelism under 10 ms of calls, a speedup without a validated loop row)\n",
             bullet, disturbed_floor_s * 1e6,
             report.environment.config.keep_disturbed
                 ? "counted in the figures (--keep-disturbed)"
                 : "left out of the row's figures (all counted where fewer than 5 were quiet: '(most)')");
}

} // namespace

void write_table_footer(const benchmark_report& report, const char* bullet, std::ostream& out) {
  const environment_info& env = report.environment;
  const ceilings& c = env.ceilings;
  const host_info& h = env.host;
  fmt::print(out,
             "\n{}ceilings{}: host in place {} GB/s (host rows' ceiling: the fastest call over the run; each round's "
             "fastest from {}; static split {}, dynamic {}, one thread {}), host STREAM copy {} GB/s and scale {} GB/s "
             "(medians); "
             "device in place {} GB/s (device rows' ceiling, best call), device copy {} GB/s, device theoretical "
             "peak {} GB/s\n",
             bullet, report.sweep ? " at the last point" : "", fixed_cell(c.host_in_place_gb_per_s, 1, 1),
             fixed_cell(c.host_in_place_low_gb_per_s, 1, 1), fixed_cell(c.host_in_place_static_gb_per_s, 1, 1),
             fixed_cell(c.host_in_place_dynamic_gb_per_s, 1, 1), fixed_cell(c.host_in_place_one_thread_gb_per_s, 1, 1),
             fixed_cell(c.host_copy_gb_per_s, 1, 1), fixed_cell(c.host_scale_gb_per_s, 1, 1),
             fixed_cell(c.device_in_place_gb_per_s, 1, 1), fixed_cell(c.device_copy_gb_per_s, 1, 1),
             fixed_cell(c.device_theoretical_peak_gb_per_s, 1, 1));
  // Only a run with --work K > 1 measures them (the roofline's flat roof; 2 FLOPs per fused multiply-add).
  for (const auto& [where, best, peak, kernel, how] :
       {std::tuple{"host", c.host_compute_gflop_per_s, c.host_compute_peak_gflop_per_s, c.host_compute_kernel,
                   c.host_compute_peak_how},
        std::tuple{"device", c.device_compute_gflop_per_s, c.device_compute_peak_gflop_per_s, c.device_compute_kernel,
                   c.device_compute_peak_how}})
    if (best) {
      // A measured call above the peak means the peak's clock is below the one the cores ran at (a VM's
      // /proc/cpuinfo gives the nominal clock while the cores boost): said, so that the two never read as a paradox.
      const std::string above = peak && *peak > 0 && *best > *peak
                                    ? fmt::format("; the best call ran at {:.2f}x this peak: the "
                                                  "cores' clock was above the one assumed",
                                                  *best / *peak)
                                    : "";
      fmt::print(out, "{}compute ceiling, {}: {} GFLOP/s (best call; {}), theoretical peak {} GFLOP/s{}{}\n", bullet,
                 where, fixed_cell(best, 1, 1), kernel, fixed_cell(peak, 1, 1), how.empty() ? "" : " (" + how + ")",
                 above);
    }
  write_marks(report, bullet, out);
  fmt::print(out,
             "{}placement: {} pages, {} first touch; huge pages obtained: {}; transparent huge pages: {}; NUMA "
             "nodes: {}\n",
             bullet, env.config.pages, env.config.first_touch, huge_pages_obtained(report),
             h.transparent_hugepages.empty() ? "none" : h.transparent_hugepages,
             h.numa_nodes.empty() ? "none" : fmt::format("{}", fmt::join(h.numa_nodes, ",")));
  fmt::print(out,
             "{}host: {}, {} logical cores, last-level cache {} bytes ({}{}), built for {}, oneTBB {}, std::par on {}; "
             "device: {}\n",
             bullet, h.cpu_model, h.logical_cores, h.llc_bytes, h.cache_source,
             h.llc_instances > 0 ? fmt::format(", {} instance{}", h.llc_instances, h.llc_instances == 1 ? "" : "s")
                                 : "",
             h.compiled_for, h.tbb_version, h.pstl_backend,
             env.device.unavailable ? "unavailable: " + *env.device.unavailable : env.device.name);
  if (!env.config.stream_hold)
    fmt::print(out,
               "{}kernel times: per call of a batch between one event pair, the stream not held "
               "(--no-stream-hold): each includes a share of the first launch's latency\n",
               bullet);
  for (const auto& note : report.notes)
    fmt::print(out, "{}{}\n", bullet, note);
}

} // namespace policybench
