// How calls are timed: the cold call and the warm-up never among the warm samples, the stopping criteria (count,
// --min-time, --max-noise, --timeout), and the count validation relies on.
#include <doctest/doctest.h>

#include "measure/timing.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

using namespace policybench;

TEST_CASE("the cold call and the warm-up calls are never warm samples") {
  run_config cfg;
  cfg.warmup = 3;
  cfg.stop.reps = 4;
  // A call preempted on a loaded machine would be disturbed and replaced by one more: counted here, since these
  // tests count calls.
  cfg.keep_disturbed = true;
  int call = 0;
  // Each call reports its own index as its "kernel time": the samples name exactly the calls they came from.
  const auto t = time_calls(cfg, [&] {
    if (call == 0) std::this_thread::sleep_for(std::chrono::milliseconds(30)); // only the cold call is slow
    ++call;
    return call_times{call == 1 ? 0.5 : 0.001 * call, double(call - 1)};
  });
  CHECK(t.kernel_s == std::vector<double>{4, 5, 6, 7}); // calls 0 (cold) and 1..3 (warm-up) left out
  // The host times are the ones the calls reported (a device call times its unheld call itself), not the clock's.
  CHECK(t.cold_s == 0.5);
  CHECK(t.warm_s == std::vector<double>{0.005, 0.006, 0.007, 0.008});
  CHECK(t.calls == 8);
}

TEST_CASE("the noise rule judges the figure a row reports: kernel times where the calls give them") {
  run_config cfg;
  cfg.warmup = 0;
  cfg.stop.reps = 200;
  cfg.stop.max_noise = 0.02;
  int call = 0;
  // Host times spread 1..10 (noise far above 2%), kernel times within 1%: the kernel times decide.
  const auto steady_kernel = time_calls(cfg, [&] {
    return call_times{double(1 + call++ % 10), 1.0 + 0.001 * (call % 10)};
  });
  CHECK(steady_kernel.stopped_by == stop_reason::max_noise);
  CHECK(steady_kernel.warm_s.size() <= 10); // the first noise checks, far below the 200 cap
  call = 0;
  const auto noisy_kernel = time_calls(cfg, [&] {
    return call_times{1.0 + 0.001 * (call % 10), double(1 + call++ % 10)};
  });
  CHECK(noisy_kernel.stopped_by == stop_reason::reps);
  CHECK(stopping_samples(noisy_kernel, true) == noisy_kernel.kernel_s); // a device row reports its kernel times
}

TEST_CASE("stop_after: --min-time fills the time, --max-noise the median's precision, --reps caps, --timeout ends") {
  run_config cfg;
  cfg.stop.reps = 1000;
  // Close samples, 1 ms +-0.001%: never all equal, which median_noise would take for a clock too coarse to judge.
  std::vector<double> same(10), at_cap(1000);
  for (std::size_t i = 0; i < at_cap.size(); ++i)
    at_cap[i] = 1e-3 * (1 + 1e-5 * double(i % 2));
  std::copy_n(at_cap.begin(), same.size(), same.begin());
  const std::vector<double> spread{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, few(4, 1e-3);
  CHECK_FALSE(stop_after(cfg.stop, same, 10, 0, 0.02, true)); // only the count decides
  CHECK(stop_after(cfg.stop, at_cap, 1000, 0, 1.1, false) == stop_reason::reps);
  // Disturbed calls are made but not counted: the count ends the row only at three times --reps made.
  CHECK_FALSE(stop_after(cfg.stop, same, 2999, 0, 9, false));
  CHECK(stop_after(cfg.stop, same, 3000, 0, 9, false) == stop_reason::reps);
  // So do disturbed calls that fill three times --min-time (made_s) while the counted ones do not fill it.
  cfg.stop.min_time_s = 0.2;
  CHECK_FALSE(stop_after(cfg.stop, same, 100, 0.59, 9, false));
  CHECK(stop_after(cfg.stop, same, 100, 0.61, 9, false) == stop_reason::min_time);
  cfg.stop.min_time_s = 0;
  const std::vector<double> long_calls{0.03, 0.0300001, 0.03, 0.0300001, 0.03, 0.0300001,
                                       0.03, 0.0300001, 0.03, 0.0300001}; // 0.3 s of counted calls, not all equal
  cfg.stop.min_time_s = 0.2;
  CHECK_FALSE(stop_after(cfg.stop, same, 10, 0, 0.02, false));
  CHECK(stop_after(cfg.stop, long_calls, 10, 0, 0.3, false) == stop_reason::min_time);
  CHECK_FALSE(stop_after(cfg.stop, std::vector<double>(4, 0.1), 4, 0, 0.3, false)); // at least min_timed_reps
  cfg.stop.max_noise = 0.01; // now the noise decides, once min_time is filled
  CHECK_FALSE(stop_after(cfg.stop, same, 10, 0, 0.02, true));
  CHECK(stop_after(cfg.stop, long_calls, 10, 0, 0.3, true) == stop_reason::max_noise);
  CHECK_FALSE(stop_after(cfg.stop, long_calls, 10, 0, 0.3, false)); // not a checkpoint: no sort
  CHECK_FALSE(stop_after(cfg.stop, spread, 10, 0, 60, true));       // ranks 2 and 9 of 1..10: +-35%
  CHECK(stop_after(cfg.stop, at_cap, 1000, 0, 1.1, true) ==
        stop_reason::max_noise); // met at the cap: the criterion held
  cfg.stop.limit_s = 50;
  CHECK(stop_after(cfg.stop, spread, 10, 0, 60, true) == stop_reason::timeout);
  cfg.stop.reps = 2;
  CHECK(stop_after(cfg.stop, few, 4, 0, 0.3, false) == stop_reason::reps); // --reps below the minimum wins
}

TEST_CASE("time_calls stops a slow call by --timeout, long before --reps") {
  run_config cfg;
  cfg.warmup = 0;
  cfg.stop.reps = 100'000;
  cfg.stop.limit_s = 0.05;
  const auto slow = time_calls(cfg, [] { std::this_thread::sleep_for(std::chrono::milliseconds(5)); });
  CHECK(slow.stopped_by == stop_reason::timeout);
  CHECK(slow.warm_s.size() < 1000); // 100000 calls of 5 ms would take 500 s
  CHECK(slow.elapsed_s >= 0.05);
  CHECK(slow.calls == 1 + slow.warm_s.size());
}

TEST_CASE("a cold call longer than the row's time leaves out the warm-ups: one timed call follows, and is counted") {
  run_config cfg;
  cfg.warmup = 3;
  cfg.stop.reps = 100;
  cfg.stop.limit_s = 0.01; // a row's share of the budget, shorter than one call (as with a long --work chain)
  int made = 0;
  const auto t = time_calls(cfg, [&] {
    ++made;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  });
  CHECK(t.warm_s.size() == 1);
  CHECK(made == 2); // cold and one timed call: no warm-up
  CHECK(t.calls == std::uint64_t(made));
}

TEST_CASE("time_calls makes the calls it counts, so validation knows how many increments to expect") {
  run_config cfg;
  cfg.warmup = 2;
  cfg.stop.reps = 50;
  cfg.stop.min_time_s = 1e-9; // far less than any call: the minimum number of timed calls
  cfg.keep_disturbed = true;  // as above: the count is what is tested
  int made = 0;
  const auto t = time_calls(cfg, [&] { ++made; });
  CHECK(t.warm_s.size() == std::size_t(min_timed_reps));
  CHECK(t.calls == std::uint64_t(made));
  CHECK(t.calls == 1 + 2 + std::uint64_t(min_timed_reps));
}

TEST_CASE("before_each_call runs once before every call, outside the timed interval") {
  run_config cfg;
  cfg.warmup = 2;
  cfg.stop.reps = 3;
  cfg.keep_disturbed = true; // as above: the order of every call is what is tested
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
