// Stopping criteria over interleaved rounds, with fake policies of controlled durations: the criterion each row
// names (noise, cap, timeout), and medians that do not depend on the order.
#include <doctest/doctest.h>

#include "harness/run.hpp"
#include "harness/scripted_policies.hpp"
#include "measure/timing.hpp"

using namespace policybench;
using namespace policybench::testing;

TEST_CASE("stopped_by: close samples stop by max_noise, spread ones reach the cap, a slow policy the timeout") {
  run_config cfg{element_type::float64, 100, 0, {10'000}};
  cfg.stop.max_noise = 0.01;
  const auto close = [](std::size_t i) { return 1e-3 * (1 + 5e-3 * double(i % 3)); }; // noise 0.25% to 0.5%
  const auto quiet = to_report(interleaved(cfg, {scripted("quiet", close)})).results.at(0);
  CHECK(quiet.stopped_by == "max_noise");
  CHECK(quiet.reps == std::uint64_t(first_noise_samples)); // met as soon as the base rounds are done
  // Both sides are fractions: the same samples against 0.1% reach the cap (a percentage on either side would make
  // one of the two targets 100 times looser or stricter and flip one of these outcomes).
  run_config strict = cfg;
  strict.stop.max_noise = 1e-3, strict.stop.reps = 200;
  CHECK(to_report(interleaved(strict, {scripted("quiet", close)})).results.at(0).stopped_by == "reps");
  // Identical samples (a clock too coarse to tell the calls apart) give no interval width to trust: no noise stop.
  run_config coarse = cfg;
  coarse.stop.reps = 200;
  CHECK(to_report(interleaved(coarse, {constant("coarse")})).results.at(0).stopped_by == "reps");
  // 1..10 ms over and over: the median's interval never narrows below +-1%, so rounds go on up to --reps.
  cfg.stop.reps = 200;
  const auto noisy_run = interleaved(cfg, {scripted("noisy", [](std::size_t i) { return 1e-3 * double(1 + i % 10); })});
  const auto noisy = to_report(noisy_run).results.at(0);
  CHECK(noisy.stopped_by == "reps");
  CHECK(noisy.reps == 200);
  CHECK(noisy_run.round_orders.size() > std::size_t(default_rounds));
  // Each round of this one takes 1 s: a 2.5 s timeout ends it after three of the five rounds.
  run_config timed{element_type::float64, 100, 0, {10}};
  timed.stop.limit_s = 2.5;
  std::vector<int> shares;
  const auto slow_run = interleaved(timed, {scripted(
                                               "slow", [](std::size_t) { return 1e-3; }, &shares, 1.0)});
  const auto slow = to_report(slow_run).results.at(0);
  CHECK(slow.stopped_by == "timeout");
  CHECK(shares.size() == 3);
  CHECK(slow.reps < 10);
}

TEST_CASE("interleaved and sequential runs of known durations give the same median") {
  const auto durations = [](std::size_t i) { return 1e-3 * double((i * 5) % 7 + 1); };
  const run_config cfg{element_type::float64, 100, 1, {23}};
  const auto median_of = [&](policy_order order) {
    const auto run = run_policies(cfg, std::nullopt, query_host(), device_info{},
                                  {scripted("a", durations), constant("b")}, {order, 3});
    return *to_report(run).results.at(0).median_s;
  };
  std::vector<double> all(23);
  for (std::size_t i = 0; i < all.size(); ++i)
    all[i] = durations(i);
  CHECK(median_of(policy_order::interleaved) == summarize_series(all)->stats.median_s);
  CHECK(median_of(policy_order::sequential) == summarize_series(all)->stats.median_s);
}

TEST_CASE("a device row: --timeout covers its end-to-end views, the noise rule judges its kernel times") {
  int rounds = 0;
  std::size_t calls = 0;
  // Host times spread 1..10 ms over the rounds, kernel times about 1 ms; each round's end-to-end views take 1 s.
  const policy_entry gpu{"gpu", side::device, "test", std::nullopt, [&](const run_config& cfg) {
                           ++rounds;
                           measurement m;
                           for (int i = 0; i < cfg.stop.reps; ++i)
                             m.in_place.warm_s.push_back(1e-3 * double(1 + calls++ % 10));
                           for (int i = 0; i < cfg.stop.reps; ++i) // within 0.001%, never all equal (a coarse clock)
                             m.in_place.kernel_s.push_back(1e-3 * (1 + 1e-5 * double(i % 2)));
                           m.in_place.calls = 1 + std::uint64_t(cfg.stop.reps);
                           m.e2e_pageable = timed_calls{};
                           m.e2e_pageable->elapsed_s = 1.0;
                           return m;
                         }};
  run_config cfg{element_type::float64, 100, 0, {10}};
  cfg.stop.limit_s = 2.5;
  CHECK(to_report(interleaved(cfg, {gpu})).results.at(0).stopped_by == "timeout");
  CHECK(rounds == 3);
  cfg = run_config{element_type::float64, 100, 0, {10'000}};
  cfg.stop.max_noise = 0.01;
  CHECK(to_report(interleaved(cfg, {gpu})).results.at(0).stopped_by == "max_noise");
}
