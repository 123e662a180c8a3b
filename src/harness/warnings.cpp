// The warnings about a run, each rule stated once: what makes a figure less certain or a comparison unfair.
#include "harness/run.hpp"

#include "harness/ceiling_rows.hpp"
#include "harness/rules.hpp"
#include "measure/stats.hpp"
#include "measure/timing.hpp"

#include <algorithm>
#include <map>

namespace policybench {
namespace {

// Appends "name (detail)" to a comma-separated list.
void list_item(std::string& list, const std::string& item) { list += (list.empty() ? "" : ", ") + item; }

// The warning of a run that ended more than a second past its budget's deadline; nullopt otherwise. A second of
// slack: validation and the report.
std::optional<std::string> overrun(const run_order& order) {
  const double late_s = -order.budget.left_s().value_or(0);
  if (late_s <= 1) return std::nullopt;
  return "the run ended " + two_decimals(late_s) + " s past its time budget of " +
         two_decimals(order.budget.budget_s()) + " s: a row's cold call and one timed call took longer than its share";
}

// Effective parallelism of the parallel host policies and of the ceiling (harness/rules.hpp thresholds), as the
// rows show it: a row whose figure is none is not judged.
void parallelism_warnings(const measured_run& run, const std::vector<result_row>& rows, std::vector<std::string>& out) {
  const int allowed = run.host_concurrency;
  if (allowed < 2 || run.config.bytes_per_call() < parallel_work_floor_bytes) return;
  std::string serial;
  for (std::size_t i = 0; i < run.outcomes.size() && i < rows.size(); ++i) {
    const auto& o = run.outcomes[i];
    const figure parallelism = rows[i].effective_parallelism;
    if (o.role == stream_role::policy && o.result && o.result->host_threads &&
        *o.result->host_threads != host_threading::one_thread && parallelism && *parallelism < serial_parallelism)
      list_item(serial, o.name + " (" + two_decimals(*parallelism) + ")");
  }
  if (!serial.empty())
    out.push_back("PARALLEL POLICIES RAN ON ABOUT ONE THREAD: effective parallelism (CPU time / wall time) below " +
                  two_decimals(serial_parallelism) + " with " + std::to_string(allowed) +
                  " threads allowed: " + serial + "; their rows do not show what the policy can do here");
  const result_row* ceiling = bounding_ceiling(rows, side::host, ceiling_bound::bandwidth);
  const figure ceiling_parallelism = ceiling ? ceiling->effective_parallelism : figure();
  // Well under its threads (from 2 on), the host ceiling's stream may not bound the parallel policies.
  if (ceiling_parallelism && *ceiling_parallelism < 0.75 * allowed)
    out.push_back("the host ceiling's in-place stream ran on about " + two_decimals(*ceiling_parallelism) + " of its " +
                  std::to_string(allowed) +
                  " threads: it may not bound the parallel policies (rows above it are marked); is another process "
                  "using the cores?");
}

// GPU clocks: unreadable, or different after a device row than before it.
void clock_warnings(const measured_run& run, const std::vector<result_row>& rows, std::vector<std::string>& out) {
  const bool device_ran =
      std::any_of(rows.begin(), rows.end(), [](const result_row& r) { return r.device == side::device && r.median_s; });
  if (device_ran && run.device.clocks_unavailable)
    out.push_back("GPU clocks not recorded (" + *run.device.clocks_unavailable +
                  "): a GPU that throttled or had not ramped up cannot be ruled out");
  std::string changed;
  for (const auto& o : run.outcomes) {
    if (!o.result || !o.result->clocks_before || !o.result->clocks_after) continue;
    const gpu_clocks before = *o.result->clocks_before, after = *o.result->clocks_after;
    const auto mhz = [](unsigned a, unsigned b) { return std::to_string(a) + " -> " + std::to_string(b) + " MHz"; };
    if (before.sm_mhz != after.sm_mhz) list_item(changed, o.name + " (SM " + mhz(before.sm_mhz, after.sm_mhz) + ")");
    if (before.memory_mhz != after.memory_mhz)
      list_item(changed, o.name + " (memory " + mhz(before.memory_mhz, after.memory_mhz) + ")");
  }
  if (!changed.empty())
    out.push_back("GPU clocks changed during " + changed +
                  ": the GPU throttled or was still ramping up, so those rows mix clock speeds");
}

// Huge pages asked for, none obtained by any host array large enough to hold one.
void huge_page_warning(const measured_run& run, const std::vector<result_row>& rows, std::vector<std::string>& out) {
  constexpr std::uint64_t huge_page = std::uint64_t(2) << 20;
  if (run.config.pages != page_size::huge || run.config.size * size_of(run.config.type) < huge_page) return;
  // Only a host row whose bytes could be read says anything (an unreadable /proc/self/smaps is unknown, not none).
  std::uint64_t obtained = 0;
  bool measured = false;
  for (const auto& r : rows)
    if (r.huge_page_bytes) obtained += *r.huge_page_bytes, measured = true;
  if (!measured || obtained > 0) return;
  const std::string& mode = run.host.transparent_hugepages;
  const std::string why = mode.empty()      ? "this kernel has no transparent huge pages"
                          : mode == "never" ? "the transparent-huge-page mode is 'never'"
                          : mode.starts_with("unknown")
                              ? "the transparent-huge-page mode is " + mode
                              : "the kernel gave none in mode '" + mode + "' (fragmented memory?)";
  out.push_back("huge pages asked for (--pages huge) but no host array got any: " + why +
                "; rows measure 4 KiB pages, as with --pages small");
}

} // namespace

std::vector<std::string> run_warnings(const measured_run& run, const std::vector<result_row>& rows,
                                      bool per_size_notes) {
  std::vector<std::string> out;
  if (run.host.pstl_backend != "oneTBB")
    out.push_back("std::par and std::par_unseq run SERIALLY: libstdc++'s PSTL was compiled without oneTBB "
                  "(<tbb/tbb.h> not found), so their rows measure one thread");
  const std::uint64_t array_bytes = run.config.size * size_of(run.config.type);
  const auto cache_warning = [&](const char* where, std::uint64_t cache_bytes) {
    if (per_size_notes && under_4x_cache(array_bytes, cache_bytes))
      out.push_back(cache_note("the array (" + std::to_string(array_bytes) + " bytes)", where, cache_bytes) +
                    "; use a larger --size");
  };
  const auto ran_on = [&](side where) {
    return std::any_of(run.outcomes.begin(), run.outcomes.end(),
                       [&](const auto& o) { return o.device == where && o.result && o.role == stream_role::policy; });
  };
  if (ran_on(side::host)) cache_warning("host's last-level cache", run.host.llc_bytes);
  if (ran_on(side::device)) cache_warning("device's L2 cache", run.device.l2_cache_bytes);
  // Once, not a '-' per row left to be guessed at.
  for (const side where : {side::host, side::device})
    if (ran_on(where))
      if (auto why = no_bound_reason(rows, where, ceiling_bound::bandwidth)) out.push_back(std::move(*why));
  // The least a row makes is a cold and one timed call: where one call outlasts its share of the time, the run ends
  // late, and says so rather than let the time read as kept.
  if (auto late = overrun(run.order)) out.push_back(std::move(*late));
  // One line per kind, naming its rows: a table of many noisy rows says so once.
  std::string failed, invalid, noisy, disturbed;
  std::map<std::string, std::string> short_of_target; // by what stopped the rows
  for (const auto& r : rows) {
    if (r.status == row_status::failed) list_item(failed, r.policy + " (" + *r.reason + ")");
    if (r.validation_error) list_item(invalid, r.policy + " (" + *r.validation_error + ")");
    if (per_size_notes && r.bytes_per_call > 0 && is_noisy(r)) list_item(noisy, r.policy + " " + percent(*r.cv));
    // A noise target not reached is said, not left to the table; no option is named (the command line's business).
    if (run.config.stop.max_noise > 0 && r.status == row_status::ok && r.stopped_by && *r.stopped_by != "max_noise")
      list_item(short_of_target[*r.stopped_by], r.policy);
    if (r.mostly_disturbed && *r.mostly_disturbed)
      list_item(disturbed, r.policy + " (" + std::to_string(r.disturbed_calls.value_or(0)) + ")");
  }
  const auto fold = [&](const std::string& list, const std::string& what, const std::string& then) {
    if (!list.empty()) out.push_back(what + ": " + list + then);
  };
  fold(failed, "failed", "");
  fold(invalid, "FAILED VALIDATION", "");
  fold(noisy, "warm times vary (cv > " + percent(noisy_cv) + ")",
       "; the median is less certain (more calls or a quieter machine narrow it)");
  std::string unreached;
  for (const auto& [stopped_by, policies] : short_of_target)
    unreached += (unreached.empty() ? "" : "; ") + ("stopped by " + stopped_by + ": ") + policies;
  fold(unreached, "the noise target +-" + percent(run.config.stop.max_noise) + " was not reached", "");
  fold(disturbed, "most timed calls disturbed (their threads waited for a CPU taken by other work)",
       ": those figures do not show a quiet machine");
  if (per_size_notes) parallelism_warnings(run, rows, out);
  clock_warnings(run, rows, out);
  huge_page_warning(run, rows, out);
  return out;
}

} // namespace policybench
