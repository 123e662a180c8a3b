// One comparison run: whether it fits, then streams -> rounds -> each stream's measurement, errors kept per stream;
// its typed report (row_of: each row's statistics; then rules.hpp's shares, speedups and warnings); the regime probe.
#include "harness/run.hpp"

#include "harness/rules.hpp"
#include "measure/host_measure.hpp"
#include "measure/run_config.hpp"
#include "measure/timing.hpp"

#include <oneapi/tbb/info.h>

#include <pthread.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <latch>
#include <new>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

namespace policybench {
namespace {

bool runs_on(std::span<const policy_entry> streams, side where) {
  return std::any_of(streams.begin(), streams.end(),
                     [&](const policy_entry& p) { return p.device == where && !p.unavailable; });
}

// What asked OpenMP for its team of `team` threads, as an error names it: the variable or option that decided it,
// empty when none did (every CPU).
std::string openmp_team_source(std::optional<int> threads, int team) {
  const char* const limit = std::getenv("OMP_THREAD_LIMIT");
  if (limit && std::atoi(limit) == team) return "OMP_THREAD_LIMIT";
  if (threads) return "--threads";
  return std::getenv("OMP_NUM_THREADS") ? "OMP_NUM_THREADS" : "";
}

// Stream i's measurement in this round, joined to its earlier rounds; the schedule then says whether its row is
// done. The slot's wall time starts before the idle wait: it is part of what a slot costs.
void measure_round(measured_run& run, std::size_t i, int round, schedule& time) {
  policy_outcome& o = run.outcomes[i];
  const auto start = steady_clock::now(); // the slot's wall time, not a timed call's: the schedule learns slot costs
  wait_for_idle_threads();
  // The timed calls are made by time_calls (measure/timing.hpp), reached through the row's measure function:
  // host_entry -> measure_workload (measure/host_measure.hpp), device_entry -> measure_device (device_measure.cuh).
  try {
    measurement m = o.measure(time.next(i));
    time.record(i, seconds_since(start), m);
    if (o.result)
      append_round(*o.result, std::move(m), round);
    else
      o.result = std::move(m);
  } catch (const device_out_of_memory& e) {
    o.error = std::string("out of device memory: ") + e.what(); // which call, or both byte counts
  } catch (const std::bad_alloc&) {
    if (o.role == stream_role::ceiling) throw; // the run's one array does not fit: no row can run (run.hpp)
    o.error = "out of memory";
  } catch (const std::exception& e) {
    o.error = e.what();
  }
  if (o.error) o.result.reset(); // a failed row reports its error, not the rounds before it
  time.finish(i, o.result ? &o.result->in_place : nullptr);
}

environment_info environment_of(const measured_run& run) {
  const run_config& cfg = run.config;
  const bool interleaved = run.order.order == policy_order::interleaved;
  const report_config config{.type = std::string(to_string(cfg.type)),
                             .workload = std::string(to_string(cfg.workload)),
                             .size = cfg.size,
                             .working_set_bytes = cfg.working_set_bytes(),
                             .bytes_per_call = cfg.bytes_per_call(),
                             .warmup = cfg.warmup,
                             .reps = cfg.stop.reps,
                             .min_time_s = cfg.stop.min_time_s,
                             .threads_limit = run.threads_limit,
                             .work = cfg.work,
                             .host_concurrency = run.host_concurrency,
                             .pages = std::string(to_string(cfg.pages)),
                             .first_touch = std::string(to_string(cfg.first_touch)),
                             .max_noise_pct = cfg.stop.max_noise > 0 ? figure(100 * cfg.stop.max_noise) : figure(),
                             .timeout_s = cfg.stop.limit_s > 0 ? figure(cfg.stop.limit_s) : figure(),
                             .budget_s =
                                 run.order.budget.budget_s() > 0 ? figure(run.order.budget.budget_s()) : figure(),
                             .keep_disturbed = cfg.keep_disturbed,
                             .order = std::string(to_string(run.order.order)),
                             .rounds = run.rounds,
                             .seed = interleaved ? std::optional(run.order.seed) : std::nullopt,
                             .round_orders = run.round_orders,
                             .stream_hold = cfg.hold_stream,
                             .end_to_end = cfg.end_to_end};
  return {.config = config, .host = run.host, .device = run.device, .ceilings = {}};
}

row_status status_of(const policy_outcome& o) {
  if (o.unavailable) return row_status::unavailable;
  if (o.error) return row_status::failed;
  return o.result->validation_error ? row_status::invalid : row_status::ok;
}

// One stream's row, policy or ceiling alike; the shares of the ceiling come once every row is summarized.
result_row row_of(const measured_run& run, const policy_outcome& o) {
  const measurement* m = o.result ? &*o.result : nullptr;
  const bool keep = run.config.keep_disturbed;
  const bool ceiling = o.role == stream_role::ceiling;
  result_row r{.policy = o.name,
               .device = o.device,
               .backend = o.backend,
               .role = o.role,
               .bounds = ceiling ? std::optional(o.bound) : std::nullopt,
               .status = status_of(o),
               .reason = o.unavailable ? o.unavailable : o.error,
               .workload = std::string(to_string(run.config.workload)),
               .type = std::string(to_string(run.config.type)),
               .size = run.config.size,
               .bytes_per_call = m && m->bytes_per_call ? *m->bytes_per_call : run.config.bytes_per_call(),
               .warmup = run.config.warmup,
               .threads = run.host_concurrency};
  if (m) {
    r.cold_s = m->in_place.cold_s, r.validated = !m->validation_error, r.validation_error = m->validation_error;
    r.huge_page_bytes = m->huge_page_bytes, r.stopped_by = std::string(to_string(m->in_place.stopped_by));
    r.reps = 0;
  }
  if (m && disturbance_known(m->in_place)) {
    const std::size_t disturbed = disturbed_calls(m->in_place);
    r.disturbed_calls = disturbed, r.mostly_disturbed = 2 * disturbed > m->in_place.warm_s.size();
  }
  // The median and its interval: summarize_view -> summarize_series (measure/timing.cpp).
  if (const auto host = m ? summarize_view(m->in_place, timing_view::host, keep) : std::nullopt) {
    r.samples_s = host->counted_s, r.reps = host->counted_s.size();
    r.min_s = host->stats.min_s, r.median_s = host->stats.median_s, r.mean_s = host->stats.mean_s;
    r.stddev_s = host->stats.stddev_s, r.cv = host->stats.cv;
    if (const auto& ci = host->interval)
      r.median_ci_low_s = ci->lower_s, r.median_ci_high_s = ci->upper_s, r.median_ci_confidence = ci->confidence;
    r.effective_parallelism = measured_parallelism(m->in_place, keep);
  }
  r.gb_per_s = gb_per_s(r.bytes_per_call, r.median_s);
  if (r.device == side::device) add_gpu_views(r, m, keep);
  // A compute ceiling's FLOPs, those a user's op declares (policybench/user_op.hpp), or, where a policy's share is of
  // the compute ceiling (poly), its workload's declared FLOPs per element.
  const run_config& cfg = run.config;
  figure flops = m && m->flops_per_call ? figure(*m->flops_per_call) : figure();
  if (!ceiling && share_bound(cfg.workload) == ceiling_bound::compute)
    flops = visit_workload(cfg.workload, [&](auto w) { return decltype(w)::flops_per_element(cfg.work); }) *
            double(cfg.size);
  if ((ceiling && o.bound == ceiling_bound::compute) || flops)
    r.flops = flop_figures{.flops_per_call = flops, .gflop_per_s = ratio(scaled(flops, 1e-9), roofline_time_s(r))};
  return r;
}

// Probes for at most `probe_s` seconds and classifies the run's working set without its own footprint (with_run_point
// adds it), when the array is not empty.
std::optional<regime_report> measure_regime(const run_config& cfg, double probe_s, std::optional<int> threads,
                                            const host_info& host) {
  const std::uint64_t array_bytes = cfg.working_set_bytes();
  if (array_bytes == 0) return std::nullopt;
  const auto start = steady_clock::now();
  const auto footprints = probe_footprints(array_bytes, host_available_bytes().value);
  std::vector<bandwidth_point> points;
  std::optional<std::uint64_t> unmapped;
  for (const auto& row :
       probe_rows(cfg, footprints, cfg.size * size_of(cfg.type),
                  sweep_clock(time_budget(seconds_from_now(probe_s), probe_s)), threads, host, &unmapped))
    if (const auto point = point_of(row)) points.push_back(*point);
  regime_report r = classify_regime(std::move(points), footprints.back(), array_bytes, host.llc_bytes);
  r.unmapped_bytes = unmapped;
  r.probe_s = seconds_since(start);
  return r;
}

// The line that says, before the rows, that the budget cannot hold their base rounds at the bandwidth the probe
// measured at its largest footprint, and the budget that can; none where it can or nothing was probed.
std::optional<std::string> budget_short(const run_config& cfg, std::span<const workload_id> workloads,
                                        const device_info& device, const std::vector<policy_entry>& selected,
                                        const run_order& order, const std::optional<regime_report>& regime) {
  if (!regime || regime->points.empty() || order.budget.budget_s() <= 0) return std::nullopt;
  const bandwidth_point& top = regime->points.back();
  const double need_s = std::ceil(run_seconds_needed(cfg, workloads, device, selected, order, top.gb_per_s));
  if (need_s <= order.budget.budget_s()) return std::nullopt;
  char line[400];
  std::snprintf(line, sizeof line,
                "--budget %g s is short for %llu-byte arrays: their rows need at least %.0f s at the %.1f GB/s the "
                "probe streamed at %llu bytes (with less, rows get too few calls for an interval); give --budget "
                "%.0f or more",
                order.budget.budget_s(), static_cast<unsigned long long>(cfg.size * size_of(cfg.type)), need_s,
                top.gb_per_s, static_cast<unsigned long long>(top.bytes), need_s);
  return line;
}

} // namespace

memory_limits run_memory_limits(const std::vector<policy_entry>& selected, const device_info& device) {
  const auto host = host_available_bytes();
  memory_limits limits{.host_available_bytes = host.value,
                       .device_free_bytes = std::nullopt,
                       .device_name = device.name,
                       .host_limit = host.source};
  if (runs_on(selected, side::device)) limits.device_free_bytes = device.free_memory_bytes;
  return limits;
}

void check_memory(const run_config& cfg, const std::vector<policy_entry>& selected, const device_info& device) {
  if (const auto shortfall = memory_shortfall(cfg.size, size_of(cfg.type), run_memory_limits(selected, device)))
    throw insufficient_memory(*shortfall);
}

void check_resources(const run_config& cfg, std::optional<int> threads, const std::vector<policy_entry>& selected,
                     const device_info& device) {
  check_memory(cfg, selected, device); // first: after it, size x element size cannot wrap
  check_thread_start(threads, cfg.size * size_of(cfg.type));
}

std::optional<std::uint64_t> openmp_stack_bytes(const char* text) {
  if (!text) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const unsigned long long count = std::strtoull(text, &end, 10);
  if (end == text || errno != 0 || *text == '-') return std::nullopt;
  while (std::isspace(static_cast<unsigned char>(*end)))
    ++end;
  int shift = 10; // no unit: KiB
  if (*end != '\0') {
    const char* const units = "bkmg";
    const char* const unit = std::strchr(units, std::tolower(static_cast<unsigned char>(*end)));
    if (!unit) return std::nullopt;
    shift = 10 * int(unit - units), ++end;
  }
  while (std::isspace(static_cast<unsigned char>(*end)))
    ++end;
  if (*end != '\0' || count > (~0ull >> shift)) return std::nullopt;
  return std::uint64_t(count) << shift;
}

void check_thread_start(std::optional<int> threads, std::uint64_t array_bytes) {
  // oneTBB at its default concurrency whatever the limit: lifting a --threads limit wakes its workers, and a worker
  // that cannot start then throws inside tbb::global_control's destructor (std::terminate). OpenMP's team as libgomp
  // resolves it (OMP_NUM_THREADS, OMP_THREAD_LIMIT), less the thread that starts it.
  const int team = openmp_team_size(threads);
  const std::string source = openmp_team_source(threads, team);
  // libgomp keeps a record of about 128 bytes a thread on the stack of the thread that starts a team
  // (gomp_team_start's alloca): measured, a 256 KiB stack ends in SIGSEGV at 2047 threads, an 8 MiB one at 65535.
  // Half the stack for them: at most 32768 threads at 8 MiB.
  rlimit stack{};
  if (::getrlimit(RLIMIT_STACK, &stack) == 0 && stack.rlim_cur != RLIM_INFINITY && rlim_t(team) > stack.rlim_cur / 256)
    throw unstartable_threads((source.empty() ? "OpenMP" : source) + ": a team of " + std::to_string(team) +
                              " OpenMP threads is more than libgomp can start from a stack of " +
                              std::to_string(stack.rlim_cur >> 10) + " KiB (ulimit -s): at most " +
                              std::to_string(stack.rlim_cur / 256) +
                              " (it keeps about 128 bytes a thread on the stack of the thread that starts them, and "
                              "crashes past its end)");
  const int tbb_workers = tbb::info::default_concurrency() - 1;
  const int count = tbb_workers + team - 1;
  const char* const stack_text = std::getenv("OMP_STACKSIZE");
  pthread_attr_t omp_attr;
  ::pthread_attr_init(&omp_attr);
  // libgomp's threads get OMP_STACKSIZE's stack; a size pthreads refuses (below PTHREAD_STACK_MIN: "1", "0") libgomp
  // only warns about and keeps the default stack, as here.
  const auto omp_stack = openmp_stack_bytes(stack_text);
  const bool sized = omp_stack && ::pthread_attr_setstacksize(&omp_attr, *omp_stack) == 0;
  // The array's address space (and host_array's 2 MiB of alignment), without memory: PROT_NONE. A mapping that
  // cannot be made is the allocation's own error, std::bad_alloc, reported where it happens.
  const std::size_t reserved_bytes = array_bytes + (2u << 20);
  void* const reserved = ::mmap(nullptr, reserved_bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  std::latch started(count + 1);
  const auto body = [](void* latch) -> void* {
    std::free(std::malloc(64)); // the thread's malloc arena
    static_cast<std::latch*>(latch)->arrive_and_wait();
    return nullptr;
  };
  std::vector<pthread_t> pool;
  int error = 0;
  for (int i = 0; i < count && error == 0; ++i) {
    pthread_t thread;
    // oneTBB's workers get the default stack.
    if ((error = ::pthread_create(&thread, i >= tbb_workers ? &omp_attr : nullptr, body, &started)) == 0)
      pool.push_back(thread);
  }
  ::pthread_attr_destroy(&omp_attr);
  started.count_down(count + 1 - std::ptrdiff_t(pool.size()));
  for (const pthread_t thread : pool)
    ::pthread_join(thread, nullptr);
  if (reserved != MAP_FAILED) ::munmap(reserved, reserved_bytes);
  if (error != 0)
    throw unstartable_threads(
        (source.starts_with("OMP_") ? source + ": " : std::string()) + "cannot start " + std::to_string(count) +
        " host threads for oneTBB and OpenMP (" + std::strerror(error) +
        "): a limit on processes (ulimit -u) or on address space (ulimit -v) leaves too little" +
        (sized ? std::string(" for OpenMP's OMP_STACKSIZE=") + stack_text + " stacks" : std::string()));
}

std::vector<policy_entry> with_ceilings(std::vector<policy_entry> selected, const device_info& device,
                                        const run_config& cfg) {
  const bool host = runs_on(selected, side::host), gpu = runs_on(selected, side::device);
  for (auto& c : ceiling_streams(device, cfg.work, cfg.workload))
    if (c.device == side::host ? host : gpu) selected.push_back(std::move(c));
  return selected;
}

measured_run run_policies(const run_config& cfg, std::optional<int> threads, host_info host, device_info device,
                          const std::vector<policy_entry>& streams, const run_order& order,
                          const progress_callback& progress) {
  const host_thread_limit limit(threads);
  schedule time(cfg, order, streams.size());
  measured_run run;
  run.config = cfg, run.threads_limit = threads, run.host_concurrency = host_concurrency();
  run.host = std::move(host), run.device = std::move(device);
  run.order = order;
  std::vector<std::size_t> runnable; // indices into streams and run.outcomes
  for (const auto& p : streams) {
    policy_outcome& o = run.outcomes.emplace_back(policy_outcome{p});
    o.unavailable = p.unavailable;
    if (!o.unavailable)
      runnable.push_back(run.outcomes.size() - 1);
    else
      time.finish(run.outcomes.size() - 1, nullptr); // nothing to measure: no slot, no share of the time
  }
  for (int round = 0; !interrupt_requested; ++round) { // Ctrl-C: nothing more is started
    const std::vector<std::size_t> positions = time.start_round(round, runnable.size());
    std::vector<std::string> measured;
    for (std::size_t k = 0; k < positions.size() && !interrupt_requested; ++k) {
      const std::size_t i = runnable[positions[k]];
      auto& result = run.outcomes[i].result;
      if (!time.measures(i, result ? &result->in_place : nullptr)) continue;
      if (progress)
        progress({.policy = streams[i].name,
                  .round = round + 1,
                  .rounds = time.rounds(),
                  .calls = result ? result->in_place.calls : 0});
      measured.push_back(streams[i].name);
      measure_round(run, i, round, time);
    }
    if (measured.empty()) break;
    run.round_orders.push_back(std::move(measured));
  }
  // The base rounds that ran: as the schedule cut them, fewer where every row had its calls before them.
  run.rounds = std::max(1, std::min(time.rounds(), int(run.round_orders.size())));
  for (std::size_t i = 0; interrupt_requested && i < run.outcomes.size(); ++i) { // the rounds finished are kept
    if (auto& r = run.outcomes[i].result; r && !time.done(i)) r->in_place.stopped_by = stop_reason::interrupted;
    if (auto& o = run.outcomes[i]; !o.result && !o.error && !o.unavailable) o.unavailable = "not measured: interrupted";
  }
  return run;
}

constexpr enum_name<row_status> row_status_names[] = {{row_status::ok, "ok"},
                                                      {row_status::invalid, "invalid"},
                                                      {row_status::failed, "failed"},
                                                      {row_status::unavailable, "unavailable"}};

std::string to_string(row_status s) { return std::string(name_in(row_status_names, s)); }

void add_gpu_views(result_row& row, const measurement* m, bool keep_disturbed) {
  const measurement did_not_run{};
  const measurement& r = m ? *m : did_not_run; // every view none
  const auto median = [&](const std::optional<timed_calls>& t) {
    const auto s = t ? summarize_view(*t, timing_view::host, keep_disturbed) : std::nullopt;
    return s ? figure(s->stats.median_s) : figure();
  };
  row.kernel = {};
  if (const auto kernel = summarize_view(r.in_place, timing_view::kernel, keep_disturbed)) {
    row.kernel.median_s = kernel->stats.median_s;
    if (const auto& ci = kernel->interval) row.kernel.low_s = ci->lower_s, row.kernel.high_s = ci->upper_s;
  }
  const figure pageable = median(r.e2e_pageable);
  const auto mhz = [](const std::optional<gpu_clocks>& clocks, unsigned gpu_clocks::*which) {
    return clocks ? figure((*clocks).*which) : figure();
  };
  row.gpu = gpu_figures{.kernel_gb_per_s = gb_per_s(row.bytes_per_call, row.kernel.median_s),
                        .no_kernel_time_reason = r.no_kernel_time,
                        .sm_clock_before_mhz = mhz(r.clocks_before, &gpu_clocks::sm_mhz),
                        .sm_clock_after_mhz = mhz(r.clocks_after, &gpu_clocks::sm_mhz),
                        .memory_clock_before_mhz = mhz(r.clocks_before, &gpu_clocks::memory_mhz),
                        .memory_clock_after_mhz = mhz(r.clocks_after, &gpu_clocks::memory_mhz),
                        .e2e_pageable_cold_s = r.e2e_pageable ? figure(r.e2e_pageable->cold_s) : figure(),
                        .e2e_pageable_median_s = pageable,
                        .e2e_pinned_median_s = median(r.e2e_pinned),
                        .e2e_over_kernel = ratio(pageable, row.kernel.median_s)};
}

benchmark_report to_report(const measured_run& run, bool per_size_notes) {
  benchmark_report report;
  report.environment = environment_of(run);
  for (const auto& o : run.outcomes)
    report.results.push_back(row_of(run, o));
  const result_row* loop = loop_baseline(report.results);
  for (auto& r : report.results) {
    r.pct_of_ceiling = pct_of_ceiling(r, report.results, run.config.workload);
    r.above_ceiling = above_ceiling(r, report.results, run.config.workload);
    if (is_policy(r)) r.speedup_vs_loop = speedup_vs_loop(r, loop);
    if (is_policy(r) && run.config.work > 1) add_roofline(r, run.config.work, report.results); // K = 1: no more
  }
  report.environment.ceilings = ceiling_figures(run);
  report.warnings = run_warnings(run, report.results, per_size_notes);
  return report;
}

double run_seconds_needed(const run_config& cfg, std::span<const workload_id> workloads, const device_info& device,
                          const std::vector<policy_entry>& selected, const run_order& order, double gb_per_s) {
  const int slots = order.order == policy_order::interleaved ? order.rounds : 1;
  double need_s = probe_seconds(order.budget);
  for (const workload_id w : workloads) {
    run_config at = cfg;
    at.workload = w;
    const auto rows = with_ceilings(selected, device, at);
    const auto measured = std::ranges::count_if(rows, [](const policy_entry& p) { return !p.unavailable; });
    // Each row: in each slot a first touch and a cold call, then its timed calls in all (warm-ups stop where a share
    // is spent: not counted).
    const double row_bytes = slots * (double(at.working_set_bytes()) + at.bytes_per_call()) +
                             std::max(slots, probe_calls) * at.bytes_per_call();
    need_s += double(measured) * row_bytes / (gb_per_s * 1e9);
  }
  return need_s;
}

std::vector<std::uint64_t> probe_footprints(std::uint64_t array_bytes, std::uint64_t available_bytes) {
  const std::uint64_t limit = available_bytes > 0 ? available_bytes / 2 : UINT64_MAX;
  const std::uint64_t top = std::min(std::max(array_bytes, min_probe_top_bytes), limit);
  std::vector<std::uint64_t> out;
  for (std::uint64_t bytes = 1'000'000; bytes <= top; bytes *= 2)
    out.push_back(bytes);
  if (array_bytes > 0 && array_bytes <= limit) out.push_back(array_bytes);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

policy_entry probe_stream() {
  for (auto& stream : ceiling_streams(device_info{}, 1))
    if (stream.key == "host_in_place_static") return stream;
  throw std::logic_error("no host_in_place_static ceiling"); // ceiling_streams always has it
}

std::vector<result_row> probe_rows(const run_config& cfg, std::span<const std::uint64_t> footprints_bytes,
                                   std::uint64_t skip_bytes, sweep_clock clock, std::optional<int> threads,
                                   const host_info& host, std::optional<std::uint64_t>* unmapped_bytes) {
  const std::vector<policy_entry> stream{probe_stream()};
  run_config at = cfg; // the run's type and placement; a fixed count of calls, each row's limit the schedule's share
  at.warmup = 1, at.stop = {.reps = probe_calls};
  std::vector<std::size_t> sizes;
  for (const auto bytes : footprints_bytes)
    if (bytes != skip_bytes && bytes >= size_of(cfg.type)) sizes.push_back(bytes / size_of(cfg.type));
  std::vector<result_row> out;
  for (std::size_t i = 0; i < sizes.size() && !interrupt_requested && !clock.whole().spent(); ++i) {
    at.size = sizes[i];
    if (clock.cannot_hold(double(at.size), "")) break;
    run_order order;
    order.budget = clock.start(sizes.size() - i);
    try {
      const measured_run run = run_policies(at, threads, host, device_info{}, stream, order);
      out.push_back(row_of(run, run.outcomes.front())); // its row alone: no environment, shares or warnings
    } catch (const std::bad_alloc&) {
      if (unmapped_bytes) *unmapped_bytes = at.size * size_of(cfg.type);
      break; // an address-space limit (ulimit -v) below MemAvailable: the larger arrays would not map either
    }
    clock.finish(double(at.size));
  }
  return out;
}

benchmark_report measure_workloads(const run_config& cfg, std::span<const workload_id> workloads,
                                   std::optional<int> threads, const host_info& host, const device_info& device,
                                   const std::vector<policy_entry>& selected, const run_order& order,
                                   const progress_callback& progress, const std::function<void()>& probing,
                                   const std::function<void(const std::string&)>& note) {
  // The probe streams the first workload's op: where it is bound by compute (poly) the curve says nothing of memory
  // or cache, and the rows keep that tenth of the budget.
  const bool probe = runs_on(selected, side::host) && memory_bound(shape_of(cfg.workload));
  if (probe && probing) probing();
  const auto regime = probe ? measure_regime(cfg, probe_seconds(order.budget), threads, host) : std::nullopt;
  if (const auto short_line = budget_short(cfg, workloads, device, selected, order, regime); short_line && note)
    note(*short_line);
  // Measured the first (the probe's, the user's lead) first, then the most arithmetic per element first: a workload's
  // share is set before its calls' cost is known, so a costly one whose rows' first calls outrun it (poly's) leaves
  // the time it overran to cheaper ones after it, whose rows still fit, and the run ends within its budget.
  std::vector<std::size_t> measured(workloads.size());
  std::iota(measured.begin(), measured.end(), std::size_t(0));
  const auto flops = [&](std::size_t k) {
    return visit_workload(workloads[k], [&](auto w) { return decltype(w)::flops_per_element(cfg.work); });
  };
  std::stable_sort(measured.begin() + (measured.empty() ? 0 : 1), measured.end(),
                   [&](std::size_t a, std::size_t b) { return flops(a) > flops(b); });
  std::vector<benchmark_report> reports(workloads.size());
  for (std::size_t turn = 0; turn < workloads.size(); ++turn) { // after Ctrl-C each later one: "not measured"
    const std::size_t k = measured[turn];
    run_config at = cfg;
    at.workload = workloads[k];
    run_order share = order;
    const auto budget = workload_budget(order.budget, turn, workloads.size());
    auto streams = with_ceilings(selected, device, at);
    // Too late for a usable share: its rows say so, rather than each make one call past the run's deadline.
    std::optional<std::string> late;
    if (!budget) {
      late = "not measured: the budget's " + std::to_string(int(std::max(0.0, order.budget.left_s().value_or(0)))) +
             " s left held no usable share for this workload; --budget makes room";
      for (policy_entry& p : streams)
        p.unavailable = late;
    }
    share.budget = budget.value_or(time_budget()); // not run: no share to overrun
    std::string named; // several workloads: each step's policy led by its workload ("triad/loop", gbench's name)
    const auto step = [&](run_step s) {
      if (workloads.size() > 1) s.policy = named = std::string(to_string(at.workload)) + "/" + std::string(s.policy);
      progress(s);
    };
    benchmark_report& one = reports[k] = to_report(run_policies(
        at, threads, host, device, streams, share, progress ? progress_callback(step) : progress_callback()));
    if (late) one.warnings.push_back(*late);
    // The probe's curve is the first workload's op's, no other's (uneven's slower op, joined to the increment's
    // curve, read as cache), and a workload bound by compute has no memory regime.
    const bool regime_due = runs_on(selected, side::host) && !late && memory_bound(shape_of(at.workload));
    const bool probed = regime_due && regime && at.workload == cfg.workload;
    if (regime_due && !probed)
      one.warnings.push_back("no regime line: the probe streams the first workload's op alone (" +
                             std::string(to_string(cfg.workload)) + "'s), where it is bound by memory; --workload " +
                             std::string(to_string(at.workload)) + " alone probes its own");
    run_summary& summary = one.summaries.emplace_back(
        summarize_run(one.results, probed ? std::optional(with_run_point(*regime, one.results)) : std::nullopt));
    summary.workload = to_string(at.workload);
    summary.shape = one.environment.ceilings.shape;
    if (workloads.size() > 1)
      for (std::string& w : one.warnings)
        w = summary.workload + ": " + w;
  }
  benchmark_report report;
  std::string names;                                   // comma-separated, as --workload takes them
  for (std::size_t k = 0; k < workloads.size(); ++k) { // in the order given
    benchmark_report& one = reports[k];
    names += (k == 0 ? "" : ",") + std::string(to_string(workloads[k]));
    if (k == 0) {
      report.environment = std::move(one.environment);
    } else {
      report_config& config = report.environment.config;
      const auto& rounds = one.environment.config.round_orders;
      config.rounds += one.environment.config.rounds;
      config.round_orders.insert(config.round_orders.end(), rounds.begin(), rounds.end());
    }
    report.results.insert(report.results.end(), one.results.begin(), one.results.end());
    report.summaries.push_back(std::move(one.summaries.front()));
    report.warnings.insert(report.warnings.end(), one.warnings.begin(), one.warnings.end());
  }
  if (workloads.size() > 1) { // the run's settings; what differs between its workloads each row says
    report_config& config = report.environment.config;
    config.workload = names;
    config.bytes_per_call = {};
    config.budget_s = order.budget.budget_s() > 0 ? figure(order.budget.budget_s()) : figure();
    if (auto over = overrun_warning(order)) report.warnings.push_back(std::move(*over)); // each workload's said its own
  }
  return report;
}

} // namespace policybench
