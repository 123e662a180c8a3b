// The run's budget: fair shares of the time left, and a real run that ends by its deadline.
#include <doctest/doctest.h>

#include "harness/rounds.hpp"
#include "harness/run.hpp"
#include "host_rows.hpp"
#include "measure/seconds.hpp"

#include <algorithm>
#include <chrono>

using namespace policybench;
using namespace std::chrono_literals;

TEST_CASE("the budget shares the time left over the measurements to come, less the mean overhead seen") {
  using clock = std::chrono::steady_clock;
  run_config cfg;
  const time_budget none(std::nullopt);
  CHECK_FALSE(none.spent());
  CHECK(none.share(cfg, 4).timeout_s == 0);
  time_budget b(clock::now() + 10s);
  const run_config first = b.share(cfg, 4);
  CHECK(first.timeout_is_budget);
  CHECK(first.timeout_s == doctest::Approx(2.5).epsilon(0.01));
  b.record(1.0, 0.8); // 0.2 s of each measurement went to allocation, first touch and validation
  CHECK(b.share(cfg, 4).timeout_s == doctest::Approx(2.3).epsilon(0.01));
  cfg.timeout_s = 1; // a shorter --timeout wins and keeps its own name
  CHECK(b.share(cfg, 4).timeout_s == 1);
  CHECK_FALSE(b.share(cfg, 4).timeout_is_budget);
  cfg.timeout_s = 100; // a longer one gives way to the share
  CHECK(b.share(cfg, 4).timeout_s < 3);
  CHECK(b.share(cfg, 4).timeout_is_budget);
  b.record(1.0, 0.6); // 0.4 s of the next: the overhead expected is the mean of all, 0.3 s
  CHECK(b.share(run_config{}, 4).timeout_s == doctest::Approx(2.2).epsilon(0.01));
  const time_budget past(clock::now() - 1s);
  CHECK(past.spent());
  CHECK(past.share(run_config{}, 3).timeout_s == doctest::Approx(1e-9)); // still one timed call a row
}

TEST_CASE("a noise target no row can reach ends at the run's deadline, every row measured and saying why") {
  // 10^5 elements: calls short enough for several a row within the budget even under a sanitizer on a busy machine.
  // A cap no row reaches in 1.5 s of 20 us calls (10^4 did, once the ceilings' rounds no longer shared the budget).
  run_config cfg{element_type::float64, 100'000, 1, 1'000'000};
  cfg.max_noise = 1e-6; // unreachable: only the budget ends the rows
  cfg.keep_disturbed = true;
  const auto start = std::chrono::steady_clock::now();
  cfg.deadline = start + 1500ms, cfg.budget_s = 1.5;
  std::vector<policy_entry> selected;
  for (const auto& p : host_rows())
    if (p.name == "loop" || p.name == "std::par") selected.push_back(p);
  REQUIRE(selected.size() == 2);
  const measured_run run =
      run_policies(cfg, std::nullopt, query_host(), device_info{}, selected, {policy_order::interleaved, 1});
  const double wall_s = seconds_since(start);
  // Past the deadline only the measurement under way finishes: up to 0.2 s waiting for idle threads, then its cold,
  // warm-up and one timed call, all slower under a sanitizer on a loaded machine.
  CHECK(wall_s < 1.5 + 0.5);
  for (const auto& o : run.outcomes) {
    REQUIRE(o.result);
    CHECK(o.result->in_place.stopped_by == stop_reason::budget);
    // The time was shared, not spent on the first row: each row's calls took well under half the budget, and
    // there were more of them than the one a row past the deadline still makes.
    CHECK(o.result->in_place.elapsed_s < 0.75);
    CHECK(o.result->in_place.warm_s.size() >= 2);
  }
}

TEST_CASE("a round that runs out of its share of the budget ends the round, not the row") {
  int rounds = 0;
  // Every round's calls stop by their budget share (as a 1 GiB array's first round did: 1 timed call), 1 ms each.
  const policy_entry p{"p", "host", "test", std::nullopt, [&](const run_config& cfg) {
                         ++rounds;
                         measurement m;
                         m.in_place.warm_s.assign(std::size_t(std::min(cfg.reps, 2)), 1e-3 * (1 + 0.001 * rounds));
                         m.in_place.calls = 1 + m.in_place.warm_s.size();
                         m.in_place.stopped_by = stop_reason::budget;
                         return m;
                       }};
  run_config cfg{element_type::float64, 100, 0, 10};
  cfg.deadline = std::chrono::steady_clock::now() + 60s, cfg.budget_s = 60;
  const measured_run run =
      run_policies(cfg, std::nullopt, query_host(), device_info{}, {p}, {policy_order::interleaved, 1});
  CHECK(rounds == std::min(10, default_rounds)); // every base round, until --reps 10 were made
  CHECK(run.outcomes[0].result->in_place.stopped_by == stop_reason::reps); // not "budget": the budget was not spent
}
