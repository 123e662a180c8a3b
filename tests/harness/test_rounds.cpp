// Interleaved rounds with fake policies: the order recorded and rotated, the shares and every round's samples kept
// (the ceilings' too), validation exact per round, a failing policy dropped from later rounds.
#include <doctest/doctest.h>

#include "harness/run.hpp"
#include "harness/scripted_policies.hpp"
#include "measure/timing.hpp"
#include "policies/policy_rows.hpp"

#include <set>
#include <stdexcept>

using namespace policybench;
using namespace policybench::testing;

TEST_CASE("interleaved rounds: every policy in every round, each round's order recorded and rotated") {
  const std::vector<std::string> names{"a", "b", "c", "d", "e"};
  std::vector<policy_entry> policies;
  for (const auto& n : names)
    policies.push_back(constant(n));
  const run_config cfg{element_type::float64, 100, 0, {10}};
  const auto run = interleaved(cfg, policies, 7);
  REQUIRE(run.round_orders.size() == std::size_t(default_rounds));
  for (const auto& n : names) {
    CAPTURE(n);
    std::set<std::ptrdiff_t> positions;
    for (const auto& order : run.round_orders) {
      REQUIRE(std::is_permutation(order.begin(), order.end(), names.begin(), names.end()));
      positions.insert(std::find(order.begin(), order.end(), n) - order.begin());
    }
    CHECK(positions.size() == names.size()); // with as many rounds as policies, every place once
  }
  CHECK(interleaved(cfg, policies, 2).round_orders.front() != run.round_orders.front()); // the seed decides
  CHECK(interleaved(cfg, policies, 7).round_orders == run.round_orders);                 // and reproduces
  const auto report = to_report(run);
  CHECK(report.environment.config.order == "interleaved");
  CHECK(report.environment.config.rounds == default_rounds);
  CHECK(report.environment.config.seed == 7u);
  CHECK(report.environment.config.round_orders == run.round_orders);
  // --repetitions: that many base rounds, each a fresh measurement of every row.
  const auto repeated =
      run_policies(cfg, std::nullopt, query_host(), device_info{}, policies, {policy_order::interleaved, 7, 8});
  CHECK(repeated.round_orders.size() == 8u);
  CHECK(to_report(repeated).environment.config.rounds == 8);
  const auto sequential = to_report(run_policies(cfg, std::nullopt, query_host(), device_info{}, policies));
  CHECK(sequential.environment.config.order == "sequential");
  CHECK_FALSE(sequential.environment.config.seed);
  CHECK(sequential.environment.config.round_orders == std::vector<std::vector<std::string>>{names});
}

TEST_CASE("interleaved rounds: the shares add up to --reps and every round's samples are in the row") {
  for (const int reps : {1, 3, 5, 13, 100}) {
    CAPTURE(reps);
    std::vector<int> shares;
    run_config cfg{element_type::float64, 100, 1, {reps}};
    cfg.keep_disturbed = true; // the ceiling's real calls: a busy test machine must not change their count
    // Each call's duration names its index, so the row's samples show which calls of which rounds it kept.
    const auto run = interleaved(cfg, with_ceilings({scripted(
                                                        "a", [](std::size_t i) { return double(i); }, &shares)},
                                                    device_info{}, cfg));
    CHECK(shares.size() == std::size_t(std::min(reps, default_rounds)));
    CHECK(std::all_of(shares.begin(), shares.end(), [](int s) { return s >= 1; }));
    const auto& m = result_of(run, "a");
    std::vector<double> every_call(static_cast<std::size_t>(reps));
    for (std::size_t i = 0; i < every_call.size(); ++i)
      every_call[i] = double(i);
    CHECK(m.in_place.warm_s == every_call);
    CHECK(m.in_place.cold_s == 1);                                      // the first round's cold call only
    CHECK(m.in_place.calls == std::uint64_t(reps) + 2 * shares.size()); // each round: cold + warm-up + its share
    const auto row = to_report(run).results.at(0);
    CHECK(row.reps == std::uint64_t(reps));
    CHECK(row.stopped_by == "reps");
    // The ceilings are measured in the same rounds with the same shares, so drift moves them with the rows.
    const auto ceilings = std::count_if(run.outcomes.begin(), run.outcomes.end(), [&](const policy_outcome& o) {
      return o.role == stream_role::ceiling && o.result && o.result->in_place.warm_s.size() == std::size_t(reps) &&
             o.result->in_place.calls == std::uint64_t(reps) + 2 * shares.size() && !o.result->validation_error;
    });
    CHECK(ceilings == 6);
  }
}

TEST_CASE("interleaved rounds: a real policy validates exactly in every round, a bad round is named") {
  run_config cfg{element_type::int32, 1001, 2, {7}};
  cfg.keep_disturbed = true; // exactly 7 timed calls, however busy the test machine
  const auto run = interleaved(cfg, {host_entry("loop", "test", host_threading::one_thread, plain_loop{})});
  CHECK_FALSE(result_of(run, "loop").validation_error); // each round's array got 1 + 2 + its share of 7 calls
  CHECK(result_of(run, "loop").in_place.warm_s.size() == 7);
  int round = 0;
  policy_entry bad = constant("bad");
  bad.measure = [inner = bad.measure, &round](const run_config& c) {
    auto m = inner(c);
    if (++round == 3) m.validation_error = "element 4 is 5, expected 6";
    return m;
  };
  const auto report = to_report(interleaved(cfg, {bad}));
  CHECK(report.results.at(0).validation_error == "round 3: element 4 is 5, expected 6");
  CHECK(report.results.at(0).status == row_status::invalid);
}

TEST_CASE("interleaved rounds: a policy that throws is failed and measured no more, the others go on") {
  int rounds_asked = 0;
  policy_entry failing = constant("failing");
  failing.measure = [inner = failing.measure, &rounds_asked](const run_config& c) {
    if (++rounds_asked == 2) throw std::runtime_error("device lost");
    return inner(c);
  };
  const auto run = interleaved(run_config{element_type::float64, 100, 0, {10}}, {failing, constant("fine")});
  CHECK(rounds_asked == 2);
  CHECK(run.outcomes.at(0).error == "device lost");
  CHECK_FALSE(run.outcomes.at(0).result);
  CHECK(result_of(run, "fine").in_place.warm_s.size() == 10);
}

TEST_CASE("the base rounds a run reports are those that ran, fewer where every row had its calls before them") {
  // A policy that makes all its --reps 10 calls in its first round, whatever its share: done after one round of 10.
  policy_entry eager = constant("eager");
  eager.measure = [inner = eager.measure](run_config cfg) {
    cfg.stop.reps = 10;
    return inner(cfg);
  };
  const run_config cfg{element_type::float64, 100, 0, {10}};
  const measured_run run = interleaved(cfg, {eager});
  CHECK(run.round_orders.size() < std::size_t(default_rounds));
  CHECK(run.rounds == int(run.round_orders.size()));
}

TEST_CASE("a row's huge-page bytes are the least any of its rounds got: one round short of them shows") {
  measurement row, short_of_pages, more_pages;
  row.huge_page_bytes = 8u << 20, short_of_pages.huge_page_bytes = 2u << 20, more_pages.huge_page_bytes = 6u << 20;
  append_round(row, short_of_pages, 1);
  append_round(row, more_pages, 2);
  CHECK(row.huge_page_bytes == short_of_pages.huge_page_bytes);
}

TEST_CASE("a round beyond the base rounds makes at least extra_round_s of calls at the row's pace") {
  run_config cfg{element_type::float64, 100, 1, {10'000}};
  cfg.stop.max_noise = 0.02;
  // 10 samples in 10 ms so far (1 ms a call): a fifth would be 2 calls, 20 ms at that pace is 20.
  CHECK(round_rule(cfg.stop, default_rounds, default_rounds, {.samples = 10, .made = 10, .calls_s = 0.01}).reps == 20);
  // Slow calls (100 ms each): a fifth of the samples, 2.
  CHECK(round_rule(cfg.stop, default_rounds, default_rounds, {.samples = 10, .made = 10, .calls_s = 1.0}).reps == 2);
  // In a base round the share stays ceil(10 / rounds).
  CHECK(round_rule(cfg.stop, 1, default_rounds, {.samples = 2, .made = 2, .calls_s = 0.002}).reps ==
        (first_noise_samples + default_rounds - 1) / default_rounds);
}

TEST_CASE("interleaved rounds make at most 3 x reps timed calls of a row in all, however many are disturbed") {
  run_config cfg{element_type::float64, 100, 1, {20}};
  // Every call disturbed: each round makes as many calls as time_calls's cap allows and counts none.
  const policy_entry always_disturbed{"busy", side::host, "test", std::nullopt, [](const run_config& round) {
                                        measurement m;
                                        m.in_place.warm_s.assign(max_calls_made(round.stop), 1e-3);
                                        m.in_place.disturbed.assign(m.in_place.warm_s.size(), true);
                                        m.in_place.calls = 1 + std::uint64_t(round.warmup) + m.in_place.warm_s.size();
                                        return m;
                                      }};
  const auto run = interleaved(cfg, {always_disturbed});
  CHECK(result_of(run, "busy").in_place.warm_s.size() == max_calls_made(cfg.stop));
}

TEST_CASE("a base round's share of --timeout and --reps: what is left over the base rounds still to come") {
  run_config cfg{element_type::float64, 100, 1, {10}};
  cfg.stop.limit_s = 4;
  CHECK(round_rule(cfg.stop, 0, 4, {}).limit_s == doctest::Approx(1));
  // 2 s left over rounds 3 and 4
  CHECK(round_rule(cfg.stop, 2, 4, {.samples = 5, .made = 5, .spent_s = 2}).limit_s == doctest::Approx(1));
  // --reps 10 over 4 rounds: rounded up, so that the last rounds are never short of the calls left.
  CHECK(round_rule(cfg.stop, 0, 4, {}).reps == 3);
  CHECK(round_rule(cfg.stop, 2, 4, {.samples = 6, .made = 6, .spent_s = 2}).reps == 2);
}
