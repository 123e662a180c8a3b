// Long runs keep their work: Ctrl-C (interrupt_requested) mid-measurement keeps the calls, rounds and sweep points
// finished and says what it cut short, a sweep hands over its points so far after each point, and a size sweep
// within a budget stops before a point the time left cannot hold.
#include <doctest/doctest.h>

#include "harness/schedule.hpp"
#include "harness/scripted_policies.hpp"

#include "harness/sweep.hpp"
#include "measure/run_config.hpp"
#include "measure/timing.hpp"

#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

using namespace policybench;
using namespace policybench::testing;

namespace {

// Clears the request however a test case ends: the flag is the process's own, shared by every test.
struct interrupt_guard {
  interrupt_guard() { interrupt_requested = false; }
  ~interrupt_guard() { interrupt_requested = false; }
};

// A host policy whose `at`-th measurement (1-based, counted over every call of it) requests the interrupt.
policy_entry interrupting(std::string name, int at) {
  auto made = std::make_shared<int>(0);
  policy_entry p = constant(std::move(name));
  p.measure = [inner = p.measure, made, at](const run_config& cfg) {
    measurement m = inner(cfg);
    if (++*made == at) interrupt_requested = true;
    return m;
  };
  return p;
}

} // namespace

TEST_CASE("time_calls makes no call after the one an interrupt arrived in, the cold call included") {
  const interrupt_guard guard;
  run_config cfg;
  cfg.warmup = 5;
  cfg.stop.reps = 1000;
  int calls = 0;
  const auto t = time_calls(cfg, [&] {
    if (++calls == 1) interrupt_requested = true; // during the cold call
  });
  CHECK(t.stopped_by == stop_reason::interrupted);
  CHECK(t.warm_s.empty()); // a cold call of seconds is not followed by a timed one as long
  CHECK(t.calls == 1);     // what validation expects: the cold call alone
  CHECK(calls == 1);
}

TEST_CASE("time_calls ends its timed calls after the call in progress when interrupted") {
  const interrupt_guard guard;
  run_config cfg;
  cfg.warmup = 2;
  cfg.stop.reps = 1000;
  int calls = 0;
  const auto t = time_calls(cfg, [&] {
    if (++calls == 5) interrupt_requested = true; // during the second timed call
  });
  CHECK(t.stopped_by == stop_reason::interrupted);
  CHECK(t.warm_s.size() == 2);
  CHECK(t.calls == 5);
  CHECK(calls == 5);
}

TEST_CASE("an interrupted run keeps the rounds it finished, ends the rest as interrupted, names what it never ran") {
  const interrupt_guard guard;
  run_config cfg{element_type::float64, 1000, 0, {10}};
  std::vector<int> b_shares;
  // Sequential order: a, then b (interrupting during its one measurement), then c, never measured.
  const measured_run seq = run_policies(cfg, std::nullopt, query_host(), device_info{},
                                        {constant("a"), interrupting("b", 1), constant("c")});
  REQUIRE(seq.outcomes.size() == 3);
  CHECK(result_of(seq, "a").in_place.stopped_by == stop_reason::reps);
  CHECK(result_of(seq, "b").in_place.warm_s.size() == 10);
  CHECK_FALSE(seq.outcomes[2].result);
  CHECK(seq.outcomes[2].unavailable == "not measured: interrupted");
  // Interleaved: the interrupt in round 2 leaves every row its finished rounds, and none of them stopped by reps.
  interrupt_requested = false;
  const measured_run inter = interleaved(cfg, {constant("a"), interrupting("b", 2), constant("c")});
  CHECK(inter.round_orders.size() == 2);
  for (const char* name : {"a", "b", "c"}) {
    CAPTURE(name);
    const auto& t = result_of(inter, name).in_place;
    CHECK(t.stopped_by == stop_reason::interrupted);
    CHECK(t.warm_s.size() < 10); // short of its 10 timed calls: the rounds after the interrupt never ran
  }
  // Two rounds of their share of --reps 10 each.
  CHECK(result_of(inter, "b").in_place.warm_s.size() == 2 * std::size_t((10 + default_rounds - 1) / default_rounds));
}

TEST_CASE("an interrupted sweep keeps the points before, hands over each point as it goes, and says where it stopped") {
  const interrupt_guard guard;
  const run_config cfg{element_type::int32, 0, 0, {2}};
  std::vector<std::size_t> handed; // rows in each report handed over after a point
  const auto report = run_sweep({sweep_kind::size, 10, 10'000}, cfg, {}, query_host(), device_info{},
                                {constant("a"), interrupting("b", 3)}, {},
                                [&](benchmark_report so_far) { handed.push_back(so_far.results.size()); });
  // Points 10, 32 and 100 measured (b interrupted at 100), 316 and above never started.
  // After 10 and after 32, each point's 2 policies and 6 host ceilings; the interrupted point ends the sweep.
  CHECK(handed == std::vector<std::size_t>{8, 16});
  REQUIRE(report.sweep);
  CHECK(report.sweep->series.size() == 3);
  CHECK(report.sweep->stopped_at == 100);
  CHECK(report.sweep->stop_reason.find("interrupted (Ctrl-C) at 100 elements") == 0);
  CHECK(report.results.size() == 3 * 8);
  CHECK(report.crossovers); // the series' own findings, on the points it has
}

TEST_CASE("a sweep hands over its points so far after each point but the last, as a sweep report") {
  const run_config cfg{element_type::int32, 0, 0, {2}};
  std::vector<std::uint64_t> stopped_at;
  std::size_t announced = 0, total = 0; // the progress line's count: every measurement, the ceilings' too
  const auto starting = [&](std::string_view, std::size_t planned) { ++announced, total = planned; };
  const auto report = run_sweep({sweep_kind::size, 10, 1000}, cfg, {}, query_host(), device_info{}, {constant("a")},
                                starting, [&](benchmark_report so_far) {
                                  REQUIRE(so_far.sweep);
                                  CHECK(so_far.crossovers);
                                  CHECK_FALSE(so_far.environment.config.size); // a size sweep's, as the final one
                                  stopped_at.push_back(so_far.sweep->stopped_at);
                                  CHECK(so_far.sweep->stop_reason.find("in progress: ") == 0);
                                });
  CHECK(stopped_at == std::vector<std::uint64_t>{10, 32, 100, 316});
  CHECK(report.sweep->series.size() == 5);
  CHECK(announced == total);
}

TEST_CASE("a size sweep within a budget stops before a point the time left cannot hold, and says so") {
  // Points 10, 32, 100 taking 3 ms per element: 30 ms, 95 ms, then 300 ms, which 250 ms in all cannot hold.
  policy_entry slow = constant("slow");
  slow.measure = [inner = slow.measure](const run_config& cfg) {
    std::this_thread::sleep_for(std::chrono::milliseconds(3 * cfg.size));
    return inner(cfg);
  };
  run_config cfg{element_type::int32, 0, 0, {2}};
  const auto report = run_sweep({sweep_kind::size, 10, 100}, cfg, sweep_clock(time_budget::from_now(0.25)),
                                query_host(), device_info{}, {slow});
  REQUIRE(report.sweep);
  CHECK(report.sweep->series.size() < 3); // 2 on an idle machine; 1 where the first point alone took 250 ms
  CHECK(report.sweep->stop_reason.find("s left would not hold") != std::string::npos);
  // No budget: every point, however long.
  CHECK(run_sweep({sweep_kind::size, 10, 100}, cfg, {}, query_host(), device_info{}, {slow}).sweep->series.size() == 3);
}
