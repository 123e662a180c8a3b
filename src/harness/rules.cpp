// The rules of rules.hpp: each figure derived in one place, each judgement over a run's rows made once.
#include "harness/rules.hpp"

#include "harness/run.hpp"
#include "measure/timing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>
#include <span>
#include <string>

namespace policybench {

namespace {

// Whether `loop`'s median is a base for speedups (the table's column and the summary's): it has a 95% interval (a
// disturbed call or two set apart nothing).
bool is_speedup_base(const result_row& loop) { return loop.median_ci_low_s && loop.median_ci_high_s; }

std::string fixed(double v, int decimals) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

bool ran_as(const result_row& r, side device, ceiling_bound bound) {
  return !is_policy(r) && r.device == device && r.bounds == bound && r.status == row_status::ok && throughput(r);
}

// Whether a ceiling that ran may bound (docs/measurement.md, "Ceilings are rows", says why each condition).
bool may_bound(const result_row& r) {
  return r.policy != one_thread_ceiling && r.median_ci_low_s && r.median_ci_high_s &&
         !(r.mostly_disturbed && *r.mostly_disturbed);
}

// Effective parallelism below which a parallel host policy counts as having run on about one thread, and below
// which it did not even hold one CPU (other work took them: starved, not serial).
constexpr double serial_parallelism = 1.3, starved_parallelism = 0.9;

bool counted(const result_row& r) { return is_policy(r) && r.status == row_status::ok && r.median_s; }

bool runs_parallel(const result_row& r) {
  return r.device == side::device || (r.effective_parallelism && *r.effective_parallelism >= serial_parallelism);
}

// Why `r` cannot take part in a speedup: its median has no 95% interval.
std::string too_few_calls(const result_row& r) {
  const std::size_t n = r.samples_s.size();
  return r.policy + " has " + std::to_string(n) + " counted timed call" + (n == 1 ? "" : "s") +
         ", a 95% interval needs 6";
}

// more_time(r.stopped_by) as the summary says it, with its first reason only.
std::string more_calls(const result_row& r) { return " (" + more_time(r.stopped_by) + " gives more)"; }

// Why `device`'s rows have no share of a `bound` ceiling though such ceiling rows ran ok: none could bound (the
// ceilings' names); nullopt when one bounds or none ran.
std::optional<std::string> no_bound_reason(std::span<const result_row> rows, side device, ceiling_bound bound,
                                           const std::string& what = "ceiling (% ceiling '-')") {
  std::string names;
  const result_row* first = nullptr; // what ended its calls says what gives more
  for (const auto& r : rows)
    if (ran_as(r, device, bound)) {
      first = first ? first : &r;
      if (r.policy != one_thread_ceiling) names += (names.empty() ? "" : ", ") + r.policy;
    }
  if (!first || bounding_ceiling(rows, device, bound)) return std::nullopt;
  return "no share of the " + std::string(to_string(device)) + " " + what + ": " +
         (names.empty() ? std::string("no parallel ceiling ran")
                        : "no parallel ceiling (" + names + ") has a 95% interval of mostly undisturbed calls") +
         "; " + more_time(first->stopped_by) + " gives one";
}

void list_item(std::string& list, const std::string& item) { list += (list.empty() ? "" : ", ") + item; }

// Effective parallelism of the parallel host policies and of the ceiling; a row whose figure is none is not judged.
void parallelism_warnings(const measured_run& run, const std::vector<result_row>& rows, std::vector<std::string>& out) {
  const int allowed = run.host_concurrency;
  if (allowed < 2 || run.config.bytes_per_call() < parallel_work_floor_bytes) return;
  std::string serial, starved;
  for (std::size_t i = 0; i < run.outcomes.size() && i < rows.size(); ++i) {
    const auto& o = run.outcomes[i];
    const figure parallelism = rows[i].effective_parallelism;
    if (o.role == stream_role::policy && o.result && o.result->host_threads &&
        *o.result->host_threads != host_threading::one_thread && parallelism && *parallelism < serial_parallelism)
      list_item(*parallelism < starved_parallelism ? starved : serial, o.name + " (" + fixed(*parallelism, 2) + ")");
  }
  const std::string of_threads = " with " + std::to_string(allowed) + " threads allowed: ";
  if (!serial.empty())
    out.push_back("PARALLEL POLICIES RAN ON ABOUT ONE THREAD: effective parallelism (CPU time / wall time) below " +
                  fixed(serial_parallelism, 2) + of_threads + serial +
                  "; their rows do not show what the policy can do here");
  if (!starved.empty())
    out.push_back("PARALLEL POLICIES HELD LESS THAN ONE CPU: effective parallelism (CPU time / wall time) below " +
                  fixed(starved_parallelism, 2) + of_threads + starved +
                  "; other work on this machine took the CPUs, so their rows show that work, not the policy");
  const result_row* ceiling = bounding_ceiling(rows, side::host, ceiling_bound::bandwidth);
  const figure ceiling_parallelism = ceiling ? ceiling->effective_parallelism : figure();
  // Well under its threads (from 2 on), the host ceiling's stream may not bound the parallel policies.
  if (ceiling_parallelism && *ceiling_parallelism < 0.75 * allowed)
    out.push_back("the host ceiling's in-place stream ran on about " + fixed(*ceiling_parallelism, 2) + " of its " +
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

// Whether footprint p streams faster than memory: its median above the plateau by more than the tolerance, its
// interval's slow end above the plateau footprints' fast ends.
bool faster_than(const bandwidth_point& p, double plateau, double plateau_high, double tolerance) {
  return p.gb_per_s > plateau * (1 + tolerance) && p.low_gb_per_s > plateau_high;
}

// A curve flat from inside the reported cache to past 4x it, no call disturbed: the stream's own work bounds it,
// whether or not the probe reached its top (uneven's op, ~23 GB/s from 1.5 MB to 384 MB on the EPYC VM, reached no
// further in the probe's 3 s), and no plateau says where memory starts. Its plateau then; none otherwise.
std::optional<double> work_bound_plateau(std::span<const bandwidth_point> points, std::uint64_t llc_bytes,
                                         double tolerance) {
  const std::size_t n = points.size();
  if (n < 2 || llc_bytes == 0 || points.front().bytes >= llc_bytes || points.back().bytes < 4 * llc_bytes ||
      std::ranges::any_of(points, &bandwidth_point::disturbed))
    return std::nullopt;
  const double plateau = (points[n - 1].gb_per_s + points[n - 2].gb_per_s) / 2;
  const double high = std::max(points[n - 1].high_gb_per_s, points[n - 2].high_gb_per_s);
  if (std::ranges::any_of(points, [&](const bandwidth_point& p) { return faster_than(p, plateau, high, tolerance); }))
    return std::nullopt;
  return plateau;
}

} // namespace

figure gb_per_s(double bytes, figure seconds) { return bytes > 0 ? ratio(bytes / 1e9, seconds) : figure(); }

const result_row* loop_baseline(std::span<const result_row> rows) {
  const auto loop = std::find_if(rows.begin(), rows.end(), [](const result_row& r) {
    return r.policy == baseline_policy && r.status == row_status::ok;
  });
  return loop == rows.end() ? nullptr : &*loop;
}

figure speedup_vs_loop(const result_row& row, const result_row* loop) {
  if (!loop || !is_speedup_base(*loop) || !(row.bytes_per_call > 0)) return {};
  return ratio(loop->median_s, row.median_s);
}

figure measured_parallelism(const timed_calls& t, bool keep_disturbed) {
  const auto host = summarize_view(t, timing_view::host, keep_disturbed);
  const double timed_s = host ? std::accumulate(host->counted_s.begin(), host->counted_s.end(), 0.0) : 0;
  return timed_s >= 0.01 ? figure(effective_parallelism(t, keep_disturbed)) : figure();
}

bool is_noisy(const result_row& row) {
  return row.cv && *row.cv > noisy_cv && row.stopped_by != to_string(stop_reason::max_noise);
}

std::string percent(double fraction) { return fixed(100 * fraction, 1) + "%"; }

void add_thread_scaling(std::vector<result_row>& rows) {
  for (auto& r : rows) {
    const auto one = std::find_if(rows.begin(), rows.end(), [&](const result_row& o) {
      return o.policy == r.policy && o.threads == 1 && o.median_s;
    });
    const figure speedup = one == rows.end() ? figure() : ratio(one->median_s, r.median_s);
    r.scaling =
        thread_scaling{.speedup_vs_1_thread = speedup, .parallel_efficiency = ratio(speedup, double(r.threads))};
  }
}

bool all_valid(std::span<const result_row> rows) {
  return std::none_of(rows.begin(), rows.end(), [](const result_row& r) {
    return r.status == row_status::invalid || r.status == row_status::failed;
  });
}

figure throughput(const result_row& row, std::optional<ceiling_bound> as) {
  const bool compute = as ? *as == ceiling_bound::compute : row.bounds == ceiling_bound::compute;
  if (compute) return row.flops ? row.flops->gflop_per_s : figure();
  return row.device == side::device ? gb_per_s(row.bytes_per_call, rated_view(row).median_s) : row.gb_per_s;
}

figure interval_end(const result_row& row, bool slow, std::optional<ceiling_bound> as) {
  const view_figures view = rated_view(row);
  const figure end_s = slow ? view.high_s : view.low_s, median = throughput(row, as);
  return end_s && view.median_s ? ratio(scaled(median, *view.median_s), end_s) : median;
}

const result_row* bounding_ceiling(std::span<const result_row> rows, side device, ceiling_bound bound) {
  const result_row* best = nullptr;
  for (const auto& r : rows)
    if (ran_as(r, device, bound) && may_bound(r) && (!best || *throughput(r) > *throughput(*best))) best = &r;
  return best;
}

figure pct_of_ceiling(const result_row& row, std::span<const result_row> rows, workload_id workload) {
  const ceiling_bound bound = share_bound(workload);
  if (row.bounds && *row.bounds != ceiling_bound::none && *row.bounds != bound) return {};
  const result_row* c = bounding_ceiling(rows, row.device, bound);
  return c ? scaled(ratio(throughput(row, bound), throughput(*c)), 100) : figure();
}

std::optional<bool> above_ceiling(const result_row& row, std::span<const result_row> rows, workload_id workload) {
  const ceiling_bound bound = share_bound(workload);
  const result_row* c = bounding_ceiling(rows, row.device, bound);
  const figure slow = interval_end(row, true, bound);
  if (!row.pct_of_ceiling || !c || !slow) return std::nullopt;
  const figure fast = interval_end(*c, false);
  return fast && *slow > *fast;
}

view_figures calls_view(const result_row& row) { return {row.median_s, row.median_ci_low_s, row.median_ci_high_s}; }

view_figures rated_view(const result_row& row) { return row.device == side::device ? row.kernel : calls_view(row); }

ceiling_summary ceiling_figures(const measured_run& run) {
  ceiling_summary out{.end_row = run.outcomes.size(),
                      .streams = ceiling_streams(run.device, run.config.work, run.config.workload),
                      .shape = shape_of(run.config.workload)};
  if (std::none_of(out.streams.begin(), out.streams.end(),
                   [](const policy_entry& s) { return s.bound == ceiling_bound::compute; }))
    return out; // an increment report at K = 1 keeps the fields it had
  out.host_compute_peak = host_compute_peak(run.config.type, run.host_concurrency, run.host.cpu_mhz);
  const device_info& d = run.device;
  out.device_compute_peak = device_compute_peak(run.config.type, d.sm_count, d.sm_clock_khz, d.compute_capability);
  return out;
}

std::span<const result_row> ceiling_rows(const benchmark_report& report) {
  const ceiling_summary& c = report.environment.ceilings;
  return std::span(report.results).subspan(c.first_row, c.end_row - c.first_row);
}

const result_row* ceiling_row(std::span<const result_row> rows, const policy_entry& stream) {
  const auto row = std::find_if(rows.begin(), rows.end(), [&](const result_row& r) {
    return !is_policy(r) && r.policy == stream.name && r.status == row_status::ok;
  });
  return row == rows.end() ? nullptr : &*row;
}

std::pair<flop_figures, roofline_place> roofline(int work, std::uint64_t size, double bytes_per_call, figure median_s,
                                                 figure compute_gflop_per_s, figure bandwidth_gb_per_s) {
  const double flops = increment_workload::flops_per_element(work) * double(size);
  const flop_figures f{.flops_per_call = flops, .gflop_per_s = ratio(flops / 1e9, median_s)};
  roofline_place place{.work = work};
  if (bytes_per_call > 0) place.flop_per_byte = flops / bytes_per_call;
  // The memory roof at this intensity; the flat compute roof; whichever is lower bounds the row.
  figure bound;
  if (place.flop_per_byte && bandwidth_gb_per_s) bound = *place.flop_per_byte * *bandwidth_gb_per_s;
  if (compute_gflop_per_s) bound = bound ? std::min(*bound, *compute_gflop_per_s) : *compute_gflop_per_s;
  place.bound_gflop_per_s = bound;
  if (bound && *bound > 0 && f.gflop_per_s) place.pct_of_bound = 100 * *f.gflop_per_s / *bound;
  return {f, place};
}

int work_of(const result_row& r) { return r.roofline ? r.roofline->work : 1; }

void add_roofline(result_row& r, int work, std::span<const result_row> rows) {
  const auto roof = [&](ceiling_bound bound) {
    const result_row* c = bounding_ceiling(rows, r.device, bound);
    return c ? throughput(*c) : figure();
  };
  // A compute ceiling that ran but may not bound (disturbed, no interval) leaves the lower roof unknown: the memory
  // roof alone, several times the compute roof at high K, would give the row a share that reads as real.
  const figure compute = roof(ceiling_bound::compute);
  const bool compute_unknown = !compute && std::any_of(rows.begin(), rows.end(), [&](const result_row& c) {
    return ran_as(c, r.device, ceiling_bound::compute);
  });
  auto [flops, place] = roofline(work, r.size, r.bytes_per_call, roofline_time_s(r), compute,
                                 compute_unknown ? figure() : roof(ceiling_bound::bandwidth));
  // Without a kernel time (thrust::device) no share of event-timed ceilings: two clocks would mix (pct_of_ceiling).
  if (!rated_view(r).median_s) place.pct_of_bound = {};
  r.flops = flops;
  r.roofline = place;
}

view_figures roofline_view(const result_row& r) {
  const view_figures rated = rated_view(r);
  return rated.median_s ? rated : calls_view(r);
}

figure roofline_time_s(const result_row& r) { return roofline_view(r).median_s; }

std::optional<median_span> median_span_of(const result_row& row) {
  if (!row.median_s) return std::nullopt;
  if (row.median_ci_low_s && row.median_ci_high_s) return median_span{*row.median_ci_low_s, *row.median_ci_high_s};
  if (row.samples_s.empty()) return median_span{*row.median_s, *row.median_s};
  const auto [low, high] = std::minmax_element(row.samples_s.begin(), row.samples_s.end());
  return median_span{*low, *high};
}

run_summary summarize_run(std::span<const result_row> rows, std::optional<regime_report> regime) {
  run_summary s{.regime = std::move(regime)};
  const result_row* fastest = nullptr;
  for (const auto& r : rows)
    if (counted(r) && (!fastest || *r.median_s < *fastest->median_s)) fastest = &r;
  if (!fastest) return s;
  if (!fastest->median_ci_low_s) { // a point or a range of a few calls ranks nothing
    s.fastest_unjudged = too_few_calls(*fastest) + more_calls(*fastest);
  } else {
    const median_span best = *median_span_of(*fastest);
    s.fastest = fastest->policy;
    s.fastest_median_s = fastest->median_s, s.fastest_low_s = best.low_s, s.fastest_high_s = best.high_s;
    for (const auto& r : rows)
      if (const auto span = median_span_of(r);
          &r != fastest && counted(r) && overlap(span->low_s, span->high_s, best.low_s, best.high_s))
        s.tied_with_fastest.push_back(r.policy);
  }
  const result_row* loop = loop_baseline(rows);
  s.loop_ran = loop && loop->median_s;
  if (!s.loop_ran) return s;
  const auto remedy = [&](const result_row& r) { return s.fastest_unjudged ? "" : more_calls(r); };
  if (!is_speedup_base(*loop)) {
    s.speedup_unjudged = too_few_calls(*loop) + remedy(*loop);
    return s;
  }
  const result_row *winner = nullptr, *unjudged = nullptr, *unmeasured = nullptr;
  bool parallel = false; // whether any row ran in parallel or may have (its parallelism not measured: under 10 ms)
  for (const auto& r : rows) {
    if (!counted(r)) continue;
    const bool unknown = &r != loop && !r.effective_parallelism && r.device == side::host;
    parallel = parallel || runs_parallel(r) || unknown;
    // Apart from loop, but whether it ran in parallel is not known: no speedup, and not "the intervals overlap".
    if (unknown && r.median_ci_high_s && *r.median_ci_high_s < *loop->median_ci_low_s &&
        (!unmeasured || *r.median_s < *unmeasured->median_s))
      unmeasured = &r;
    if (!runs_parallel(r) || *r.median_s >= *loop->median_s) continue;
    if (!r.median_ci_low_s) {
      if (!unjudged || *r.median_s < *unjudged->median_s) unjudged = &r; // the one the summary would name
    } else if (*r.median_ci_high_s < *loop->median_ci_low_s && (!winner || *r.median_s < *winner->median_s)) {
      winner = &r;
    }
  }
  if (winner) s.speedup = parallel_speedup{winner->policy, *loop->median_s / *winner->median_s};
  if (!winner && unjudged) s.speedup_unjudged = too_few_calls(*unjudged) + remedy(*unjudged);
  if (!winner && !unjudged && unmeasured)
    s.speedup_unjudged = unmeasured->policy + " has no measured effective parallelism (under 10 ms of calls), so " +
                         "whether it ran in parallel is not known" + remedy(*unmeasured);
  // Not "the intervals overlap": with no parallel row (--policies loop,std::seq; --threads 1; a machine so busy that
  // the parallel rows held one CPU) there is nothing to set against loop.
  if (!parallel)
    s.speedup_unjudged = "no row ran in parallel: no device row, and every host row's effective parallelism was "
                         "measured below " +
                         fixed(serial_parallelism, 1);
  return s;
}

bool under_4x_cache(std::uint64_t array_bytes, std::uint64_t cache_bytes) {
  return cache_bytes > 0 && array_bytes > 0 && array_bytes < 4 * cache_bytes;
}

std::string cache_note(const std::string& subject, const std::string& cache, std::uint64_t cache_bytes) {
  return subject + " is smaller than 4x the " + cache + " (" + std::to_string(cache_bytes) +
         " bytes): figures include cache effects, not memory bandwidth alone (STREAM's rule)";
}

regime_report classify_regime(std::vector<bandwidth_point> points, std::uint64_t planned_top_bytes,
                              std::uint64_t array_bytes, std::uint64_t llc_bytes, double tolerance) {
  std::sort(points.begin(), points.end(), [](const auto& a, const auto& b) { return a.bytes < b.bytes; });
  regime_report r{.array_bytes = array_bytes,
                  .tolerance = tolerance,
                  .llc_bytes = llc_bytes,
                  .planned_top_bytes = planned_top_bytes,
                  .points = points};
  if (llc_bytes > 0) r.stream_rule = under_4x_cache(array_bytes, llc_bytes) ? "cache" : "memory";
  const auto unknown = [&](unknown_reason why) {
    r.why = why;
    return r;
  };
  const std::size_t n = points.size();
  r.plateau_gb_per_s = work_bound_plateau(points, llc_bytes, tolerance);
  if (r.plateau_gb_per_s) return unknown(unknown_reason::no_cache_step);
  if (n == 0 || points.back().bytes < planned_top_bytes) return unknown(unknown_reason::top_not_reached);
  // Only past the reported cache: a VM's host may hide a larger one (the probe's top is set for that), never a
  // smaller one that serves the footprints the limit left.
  if (llc_bytes > 0 && points.back().bytes <= llc_bytes) return unknown(unknown_reason::top_in_cache);
  if (std::any_of(points.begin(), points.end(), [&](const bandwidth_point& p) {
        return p.disturbed && (p.bytes >= array_bytes || p.bytes >= points[n < 2 ? 0 : n - 2].bytes);
      }))
    return unknown(unknown_reason::disturbed);
  if (n == 1) return unknown(unknown_reason::out_of_time);
  const bandwidth_point &largest = points[n - 1], &next = points[n - 2];
  const double plateau = (largest.gb_per_s + next.gb_per_s) / 2;
  r.plateau_gb_per_s = plateau;
  if (std::abs(largest.gb_per_s - next.gb_per_s) > tolerance * plateau &&
      !overlap(largest.low_gb_per_s, largest.high_gb_per_s, next.low_gb_per_s, next.high_gb_per_s))
    return unknown(unknown_reason::still_falling);
  const double plateau_high = std::max(largest.high_gb_per_s, next.high_gb_per_s);
  const auto faster = [&](const bandwidth_point& p) { return faster_than(p, plateau, plateau_high, tolerance); };
  std::size_t first = n; // the flat footprints are points[first, n): the two largest always among them
  while (first > 0 && !faster(points[first - 1]))
    --first;
  // The array's own point, faster at its median but not beyond the plateau's spread, decides neither way.
  const auto noisy = [&](const bandwidth_point& p) {
    return p.bytes == array_bytes && p.gb_per_s > plateau * (1 + tolerance) && !faster(p);
  };
  if (std::any_of(points.begin(), points.end(), noisy)) return unknown(unknown_reason::array_point_noisy);
  r.memory_from_bytes = points[first].bytes;
  if (array_bytes >= *r.memory_from_bytes)
    r.regime = "memory";
  else if (array_bytes >= points.front().bytes)
    r.regime = "cache";
  else
    r.why = unknown_reason::out_of_time;
  return r;
}

std::optional<bandwidth_point> point_of(const result_row& row) {
  if (!row.gb_per_s || !row.median_ci_low_s || !row.median_ci_high_s || *row.median_ci_low_s <= 0) return std::nullopt;
  return bandwidth_point{.bytes = std::uint64_t(row.bytes_per_call / 2),
                         .gb_per_s = *row.gb_per_s,
                         .low_gb_per_s = *gb_per_s(row.bytes_per_call, row.median_ci_high_s),
                         .high_gb_per_s = *gb_per_s(row.bytes_per_call, row.median_ci_low_s),
                         .disturbed = row.mostly_disturbed.value_or(false)};
}

regime_report with_run_point(regime_report probe, std::span<const result_row> rows) {
  const std::string stream = probe_stream().name;
  const auto row = std::find_if(rows.begin(), rows.end(), [&](const result_row& r) { return r.policy == stream; });
  const auto point = row == rows.end() ? std::nullopt : point_of(*row);
  if (!point) return probe;
  auto points = probe.points;
  std::erase_if(points, [&](const bandwidth_point& p) { return p.bytes == point->bytes; });
  points.push_back(*point);
  regime_report r =
      classify_regime(points, probe.planned_top_bytes, probe.array_bytes, probe.llc_bytes, probe.tolerance);
  r.probe_s = probe.probe_s;
  r.unmapped_bytes = probe.unmapped_bytes;
  return r;
}

std::vector<std::string> run_warnings(const measured_run& run, const std::vector<result_row>& rows,
                                      bool per_size_notes) {
  std::vector<std::string> out;
  if (run.host.pstl_backend != "oneTBB")
    out.push_back("std::par and std::par_unseq run SERIALLY: libstdc++'s PSTL was compiled without oneTBB "
                  "(<tbb/tbb.h> not found), so their rows measure one thread");
  const int arrays = run.config.arrays();
  const std::uint64_t array_bytes = run.config.working_set_bytes();
  const std::string subject =
      arrays == 1 ? "the array (" : "the working set of " + std::to_string(arrays) + " arrays (";
  const auto cache_warning = [&](const char* where, std::uint64_t cache_bytes) {
    if (per_size_notes && memory_bound(shape_of(run.config.workload)) && under_4x_cache(array_bytes, cache_bytes))
      out.push_back(cache_note(subject + std::to_string(array_bytes) + " bytes)", where, cache_bytes) +
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
    if (ran_on(where)) {
      if (auto why = no_bound_reason(rows, where, share_bound(run.config.workload))) out.push_back(std::move(*why));
      // The roofline's compute roof (--work K), where the share itself is of another bound.
      if (run.config.work > 1 && share_bound(run.config.workload) != ceiling_bound::compute)
        if (auto why = no_bound_reason(rows, where, ceiling_bound::compute, "compute ceiling (% roofline '-')"))
          out.push_back(std::move(*why));
    }
  // The least a row makes is a cold and one timed call: where one call outlasts its share of the time, the run ends
  // late, and says so rather than let the time read as kept.
  if (auto late = overrun_warning(run.order)) out.push_back(std::move(*late));
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
