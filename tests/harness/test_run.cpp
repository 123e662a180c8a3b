// Runs and sweeps with fake policies: --threads reaches the policies and the rows, a sweep measures every point it
// plans.
#include <doctest/doctest.h>

#include "lines_containing.hpp"
#include "timed_calls_of.hpp"

#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "harness/sweep.hpp"
#include "measure/host_measure.hpp"
#include "report/report.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

using namespace policybench;

namespace {

// A policy that records what it was asked to do and how many threads it could use; its result validates.
policy_entry recorder(std::string name, std::vector<std::uint64_t>& sizes, std::vector<int>& threads) {
  return {std::move(name), side::host, "test", std::nullopt, [&sizes, &threads](const run_config& cfg) {
            sizes.push_back(cfg.size);
            threads.push_back(host_concurrency());
            measurement m;
            m.in_place = calls_of(1e-3, std::vector<double>(std::size_t(cfg.stop.reps), 1e-3), {}, 0);
            return m;
          }};
}

} // namespace

TEST_CASE("--threads reaches the policies while they run and every row reports it") {
  std::vector<std::uint64_t> sizes;
  std::vector<int> threads;
  const run_config cfg{element_type::float64, 1000, 0, {2}};
  const auto report = to_report(run_policies(cfg, 1, query_host(), device_info{}, {recorder("a", sizes, threads)}));
  CHECK(threads == std::vector<int>{1});
  REQUIRE(report.results.size() == 1);
  CHECK(report.results[0].threads == 1);
  CHECK(report.environment.config.threads_limit == 1);
  CHECK(report.environment.config.host_concurrency == 1);
}

TEST_CASE("a GPU-only run measures no host ceiling: it bounds no row there") {
  std::vector<std::uint64_t> sizes;
  std::vector<int> threads;
  const run_config cfg{element_type::float64, 1000, 0, {2}};
  policy_entry gpu = recorder("gpu", sizes, threads);
  gpu.device = side::device;
  device_info no_device;
  no_device.unavailable = "no CUDA device"; // nor a device ceiling: the rows' own figures only
  const auto host_ceilings = [](const std::vector<policy_entry>& streams) {
    return std::count_if(streams.begin(), streams.end(), [](const policy_entry& s) {
      return s.role == stream_role::ceiling && s.device == side::host;
    });
  };
  CHECK(host_ceilings(with_ceilings({gpu}, no_device, cfg)) == 0);
  run_policies(cfg, std::nullopt, query_host(), no_device, with_ceilings({gpu}, no_device, cfg));
  const auto both = with_ceilings({gpu, recorder("cpu", sizes, threads)}, no_device, cfg);
  CHECK(host_ceilings(both) == 6);
  run_policies(cfg, std::nullopt, query_host(), no_device, both);
  CHECK(sizes.size() == 3);
}

namespace {

// The policies' rows of a report, in order, without the ceilings measured beside them.
std::vector<result_row> policy_rows(const benchmark_report& report) {
  std::vector<result_row> out;
  std::copy_if(report.results.begin(), report.results.end(), std::back_inserter(out), is_policy);
  return out;
}

} // namespace

TEST_CASE("a size sweep measures every planned point, each with its own size") {
  std::vector<std::uint64_t> sizes;
  std::vector<int> threads;
  run_config cfg{element_type::int32, 0, 0, {6}}; // 6 calls: a ceiling's interval, without which none bounds
  cfg.keep_disturbed = true;                      // all 6 counted, however busy the test machine
  const sweep_plan plan{sweep_kind::size, 10, 1000};
  const auto report = run_sweep(plan, cfg, {}, query_host(), device_info{}, {recorder("a", sizes, threads)});
  const auto planned = plan_size_series(10, 1000, 4, memory_limits{}).values;
  CHECK(sizes == planned);
  const auto rows = policy_rows(report);
  REQUIRE(rows.size() == planned.size());
  CHECK(report.results.size() == 7 * planned.size()); // each point's six host ceilings are rows too
  REQUIRE(report.sweep);
  CHECK(report.sweep->series.size() == planned.size());
  for (std::size_t i = 0; i < planned.size(); ++i) {
    CHECK(rows[i].size == planned[i]);
    // The point's ceiling figure is its bounding ceiling's: none where a busy test machine disturbed most calls.
    const series_point& point = report.sweep->series[i];
    if (const auto c = ceilings_at(point, report.results).host_in_place_gb_per_s) CHECK(*c > 0);
    CHECK(point.size == planned[i]);
    // The point's rows are its own: its policy's and its ceilings', all at its size.
    CHECK(point.end_row - point.first_row == 7); // one policy, six host ceilings
    for (std::size_t r = point.first_row; r < point.end_row; ++r)
      CHECK(report.results[r].size == planned[i]);
  }
  CHECK(report.sweep->stopped_at == planned.back());
  CHECK_FALSE(report.environment.config.size);
  CHECK(report.crossovers);
}

TEST_CASE("a warning every point of a sweep gives is said once, with the first point that gave it") {
  const policy_entry broken{"broken", side::host, "test", std::nullopt,
                            [](const run_config&) -> measurement { throw std::runtime_error("boom"); }};
  const run_config cfg{element_type::int32, 0, 0, {2}};
  const auto report = run_sweep({sweep_kind::size, 10, 100}, cfg, {}, query_host(), device_info{}, {broken});
  REQUIRE(report.sweep);
  CHECK(report.sweep->series.size() == 3); // each point failed it
  CHECK(count_containing(report.warnings, "failed: broken (boom)") == 1);
  CHECK(any_contains(report.warnings, "10 elements: failed: broken (boom)"));
}

TEST_CASE("every row of a work sweep's point carries its K in the JSON, its ceiling rows' too") {
  std::vector<std::uint64_t> sizes;
  std::vector<int> threads;
  run_config cfg{element_type::float64, 1000, 0, {2}};
  cfg.keep_disturbed = true;
  const auto report = run_sweep({.kind = sweep_kind::work, .min_work = 2, .max_work = 4}, cfg, {}, query_host(),
                                device_info{}, {recorder("a", sizes, threads)});
  const auto rows = to_json(report)["results"];
  REQUIRE(report.sweep);
  REQUIRE(report.sweep->series.size() == 2);
  for (const series_point& point : report.sweep->series) {
    CHECK(point.end_row - point.first_row > 1); // the policy and the ceilings measured beside it
    for (std::size_t i = point.first_row; i < point.end_row; ++i) {
      CAPTURE(rows[i]["policy"]);
      CHECK(rows[i]["work"] == point.work);
    }
  }
  // K is what each point names its rows by: the cache note names no K = 1 the sweep never ran.
  for (const std::string& w : report.warnings)
    CHECK(w.find("K = 1") == std::string::npos);
}

TEST_CASE("a thread sweep runs every thread count and derives the scaling") {
  std::vector<std::uint64_t> sizes;
  std::vector<int> threads;
  host_info host = query_host();
  host.logical_cores = 2;
  const run_config cfg{element_type::float64, 100, 0, {2}};
  const auto report = run_sweep({sweep_kind::threads}, cfg, {}, host, device_info{}, {recorder("a", sizes, threads)});
  const auto rows = policy_rows(report);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].threads == 1);
  CHECK(threads.front() == 1);
  CHECK(*rows[0].scaling->speedup_vs_1_thread == 1);
  CHECK(rows[1].scaling->parallel_efficiency);
  CHECK_FALSE(report.crossovers);
}

TEST_CASE("every sweep says its cache and noise notes once for the series, naming the points") {
  benchmark_report report;
  report.environment.host.llc_bytes = 32 << 20;
  for (const int threads : {1, 2, 4}) {
    result_row r;
    r.policy = std::string("p"); // one statement each: GCC 12 warns falsely (-Wrestrict) on a comma chain here
    r.device = side::host;
    r.size = 1000, r.threads = threads, r.cv = threads < 4 ? 0.5 : 0.01;
    report.results.push_back(r);
  }
  finish_sweep_report(report, sweep_info{sweep_plan{.kind = sweep_kind::threads}}, 8);
  const auto said = [&](const std::string& text) {
    return std::count_if(report.warnings.begin(), report.warnings.end(),
                         [&](const std::string& w) { return w.find(text) != std::string::npos; });
  };
  CHECK(said("2 of 3 results have warm times that vary") == 1);
  CHECK(said("(the cv field; at 1 thread, 2 threads)") == 1);
  CHECK(said("at 1 thread, 2 threads, 4 threads: the array is smaller than 4x the host's last-level cache") == 1);
  CHECK(report.warnings.size() == 2);

  // Rows whose point's share ran out before the heading's least count of calls (5, or --reps if fewer) are named.
  report.warnings.clear();
  report.environment.config.reps = 10000;
  report.results[0].reps = 10, report.results[1].reps = 3, report.results[2].reps = 2;
  report.results[1].stopped_by = report.results[2].stopped_by = "budget";
  report.results[0].stopped_by = "min_time";
  finish_sweep_report(report, sweep_info{sweep_plan{.kind = sweep_kind::threads}}, 8);
  CHECK(said("2 results made fewer than 5 timed calls (at 2 threads, 4 threads)") == 1);
  report.warnings.clear();
  report.environment.config.reps = 3; // --reps 3: the heading's least is 3
  finish_sweep_report(report, sweep_info{sweep_plan{.kind = sweep_kind::threads}}, 8);
  CHECK(said("1 result made fewer than 3 timed calls (at 4 threads)") == 1);
}

TEST_CASE("several workloads: each progress step names its workload, so that a terminal shows which one runs") {
  std::vector<std::uint64_t> sizes;
  std::vector<int> threads;
  const std::vector<policy_entry> one{recorder("a", sizes, threads)};
  const workload_id both[] = {workload_id::triad, workload_id::poly};
  std::vector<std::string> steps;
  const auto report =
      measure_workloads(run_config{element_type::float64, 1000, 0, {2}}, both, std::nullopt, query_host(),
                        device_info{}, one, {}, [&](const run_step& s) { steps.emplace_back(s.policy); });
  CHECK(std::count(steps.begin(), steps.end(), "triad/a") == 1);
  CHECK(std::count(steps.begin(), steps.end(), "poly/a") == 1);
  CHECK(report.summaries.size() == 2);
}

TEST_CASE("several workloads: the first given is measured first, then the most arithmetic per element first") {
  // A workload's share is set before its calls' cost is known: the cheapest last takes up what a costly one overran.
  // The report keeps the order given.
  std::vector<std::uint64_t> sizes;
  std::vector<int> threads;
  const std::vector<policy_entry> one{recorder("a", sizes, threads)};
  const workload_id given[] = {workload_id::triad, workload_id::increment, workload_id::poly, workload_id::uneven};
  std::vector<std::string> steps;
  const auto report =
      measure_workloads(run_config{element_type::float64, 1000, 0, {2}}, given, std::nullopt, query_host(),
                        device_info{}, one, {}, [&](const run_step& s) { steps.emplace_back(s.policy); });
  std::vector<std::string> first_steps; // each workload's first step: its place in the measuring order
  for (const auto& step : steps)        // the row's steps, not its ceilings'
    if (step.ends_with("/a") && std::ranges::find(first_steps, step) == first_steps.end()) first_steps.push_back(step);
  CHECK(first_steps == std::vector<std::string>{"triad/a", "poly/a", "uneven/a", "increment/a"});
  REQUIRE(report.summaries.size() == std::size(given));
  for (std::size_t k = 0; k < std::size(given); ++k)
    CHECK(report.summaries[k].workload == to_string(given[k]));
  CHECK(report.environment.config.workload == "triad,increment,poly,uneven");
}
