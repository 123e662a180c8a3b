// How calls are timed: the cold call and the warm-up never among the warm samples, --min-time's number of timed
// calls, and the count validation relies on.
#include <doctest/doctest.h>

#include "measure/timing.hpp"

#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

using namespace policybench;

TEST_CASE("the cold call and the warm-up calls are never warm samples") {
  run_config cfg;
  cfg.warmup = 3;
  cfg.reps = 4;
  int call = 0;
  // Each call reports its own index as its "kernel time": the samples name exactly the calls they came from.
  const auto t = time_calls(cfg, [&] {
    if (call == 0) std::this_thread::sleep_for(std::chrono::milliseconds(30)); // only the cold call is slow
    return double(call++);
  });
  CHECK(t.kernel_s == std::vector<double>{4, 5, 6, 7}); // calls 0 (cold) and 1..3 (warm-up) left out
  REQUIRE(t.warm_s.size() == 4);
  CHECK(t.cold_s >= 0.03);
  for (const double s : t.warm_s)
    CHECK(s < t.cold_s);
  CHECK(t.calls == 8);
}

TEST_CASE("--min-time: enough timed calls to fill it, at least min_timed_reps, at most --reps") {
  run_config cfg;
  cfg.reps = 1000;
  CHECK(timed_reps(cfg, 1e-3) == 1000); // no min_time_s: exactly reps
  cfg.min_time_s = 0.2;
  CHECK(timed_reps(cfg, 1e-3) == 200);
  CHECK(timed_reps(cfg, 1e-6) == 1000);
  CHECK(timed_reps(cfg, 1.0) == min_timed_reps);
  CHECK(timed_reps(cfg, 0.0) == 1000); // a call too short for the clock: the cap
  cfg.reps = 2;
  CHECK(timed_reps(cfg, 1.0) == 2); // --reps below the minimum wins
}

TEST_CASE("time_calls makes the calls it counts, so validation knows how many increments to expect") {
  run_config cfg;
  cfg.warmup = 2;
  cfg.reps = 50;
  cfg.min_time_s = 1e-9; // far less than any call: the minimum number of timed calls
  int made = 0;
  const auto t = time_calls(cfg, [&] { ++made; });
  CHECK(t.warm_s.size() == std::size_t(min_timed_reps));
  CHECK(t.calls == std::uint64_t(made));
  CHECK(t.calls == 1 + 2 + std::uint64_t(min_timed_reps));
}

TEST_CASE("before_each_call runs once before every call, outside the timed interval") {
  run_config cfg;
  cfg.warmup = 2;
  cfg.reps = 3;
  std::vector<char> order;
  // A slow hook: were it inside the clock, every sample would include its 20 ms.
  cfg.before_each_call = [&] {
    order.push_back('b');
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  };
  const auto t = time_calls(cfg, [&] { order.push_back('c'); });
  CHECK(order == std::vector<char>{'b', 'c', 'b', 'c', 'b', 'c', 'b', 'c', 'b', 'c', 'b', 'c'});
  CHECK(t.cold_s < 0.02);
  for (const double s : t.warm_s)
    CHECK(s < 0.02);
}
