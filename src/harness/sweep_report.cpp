// The parts of a sweep's report that need its whole series (or the points so far).
#include "harness/sweep.hpp"

#include "harness/ceiling_rows.hpp"
#include "harness/crossover.hpp"
#include "harness/roofline.hpp"
#include "harness/rules.hpp"
#include "measure/stats.hpp"

#include <algorithm>
#include <set>
#include <string>

namespace policybench {
namespace {

// What run_warnings leaves out of each point of every sweep, said once for the series with the points named: which
// points' arrays fit in 4x the host's last-level cache or the device's L2 (STREAM's rule), how many medians are noisy.
void add_sweep_notes(benchmark_report& report, sweep_kind kind, std::size_t element_bytes) {
  const auto points = [&](auto pred, bool up_to) {
    std::string out;
    std::set<std::string> named;
    std::uint64_t largest = 0;
    for (const auto& r : report.results)
      if (const auto p = point_name(kind, r.size, r.threads, work_of(r)); pred(r) && named.insert(p).second)
        out += (out.empty() ? "" : ", ") + p, largest = std::max(largest, r.size);
    // A size sweep's cached points are all those up to the largest.
    return out.empty()                         ? out
           : up_to && kind == sweep_kind::size ? "points up to " + std::to_string(largest) + " elements"
                                               : "at " + out;
  };
  const auto note_cached = [&](side device, const char* where, std::uint64_t cache_bytes) {
    const std::string at = points(
        [&](const result_row& r) { return r.device == device && under_4x_cache(r.size * element_bytes, cache_bytes); },
        true);
    if (!at.empty()) report.warnings.push_back(cache_note(at + ": the array", where, cache_bytes));
  };
  note_cached(side::host, "host's last-level cache", report.environment.host.llc_bytes);
  note_cached(side::device, "device's L2 cache", report.environment.device.l2_cache_bytes);
  const auto noisy = std::count_if(report.results.begin(), report.results.end(), is_noisy);
  const auto timed = std::count_if(report.results.begin(), report.results.end(), [](auto& r) { return r.cv.known(); });
  if (noisy > 0)
    report.warnings.push_back(
        std::to_string(noisy) + " of " + std::to_string(timed) + " results have warm times that " +
        "vary by more than " + percent(noisy_cv) + " (the cv field; " + points(is_noisy, false) +
        "); their medians are less certain, most at small sizes where one interruption outlasts many calls");
}

} // namespace

void finish_sweep_report(benchmark_report& report, sweep_info sweep, std::size_t element_bytes) {
  report_config& config = report.environment.config;
  if (sweep.kind == sweep_kind::work) {
    config.work.reset(); // K varies; every point's roofline on the last point's ceilings (K = 1 measures none)
    const auto last_ceilings = std::find_if(report.results.rbegin(), report.results.rend(), is_policy).base();
    const std::vector<result_row> ceilings(last_ceilings, report.results.end()); // after its policies' rows
    for (auto& row : report.results)
      if (is_policy(row)) add_roofline(row, work_of(row), ceilings);
    report.crossovers = find_crossovers(report.results, true);
    report.compute_bound = find_compute_bound(report.results);
  } else if (sweep.kind == sweep_kind::size) {
    config.size.reset(), config.working_set_bytes.reset(), config.bytes_per_call = {};
    report.crossovers = find_crossovers(report.results);
  } else {
    config.threads_limit.reset();
    add_thread_scaling(report.results);
  }
  add_sweep_notes(report, sweep.kind, element_bytes);
  report.sweep = std::move(sweep);
}

} // namespace policybench
