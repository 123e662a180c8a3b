// The parts of a sweep's report that need its whole series (or the points so far).
#include "harness/sweep.hpp"

#include "harness/ceiling_rows.hpp"
#include "harness/crossover.hpp"
#include "harness/roofline.hpp"
#include "harness/rules.hpp"
#include "measure/stats.hpp"

#include <algorithm>
#include <iterator>
#include <string>

namespace policybench {
namespace {

// What run_warnings leaves out of each point of a size sweep, said once for the series: which points fit in
// 4x the host's last-level cache (STREAM's rule) and how many medians are noisy.
void add_size_sweep_notes(benchmark_report& report, std::size_t element_bytes) {
  const std::uint64_t llc = report.environment.host.llc_bytes;
  std::uint64_t largest_cached = 0;
  std::size_t noisy = 0, timed = 0;
  for (const auto& r : report.results) {
    if (under_4x_cache(r.size * element_bytes, llc)) largest_cached = std::max(largest_cached, r.size);
    timed += r.cv.known();
    noisy += is_noisy(r);
  }
  auto& warnings = report.warnings;
  if (largest_cached > 0)
    warnings.push_back("points up to " + std::to_string(largest_cached) + " elements: the array is smaller than 4x " +
                       "the host's last-level cache (" + std::to_string(llc) + " bytes), so their figures include " +
                       "cache effects, not memory bandwidth alone (STREAM's rule)");
  if (noisy > 0)
    warnings.push_back(std::to_string(noisy) + " of " + std::to_string(timed) + " results have warm times that " +
                       "vary by more than " + percent(noisy_cv) + " (the cv field); their medians are less " +
                       "certain, most at small sizes where one interruption outlasts many calls");
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
    std::vector<result_row> policy_rows;
    std::copy_if(report.results.begin(), report.results.end(), std::back_inserter(policy_rows), is_policy);
    report.compute_bound = find_compute_bound(policy_rows);
  } else if (sweep.kind == sweep_kind::size) {
    config.size.reset(), config.working_set_bytes.reset(), config.bytes_per_call = {};
    report.crossovers = find_crossovers(report.results);
    add_size_sweep_notes(report, element_bytes);
  } else {
    config.threads_limit.reset();
    add_thread_scaling(report.results);
  }
  report.sweep = std::move(sweep);
}

} // namespace policybench
