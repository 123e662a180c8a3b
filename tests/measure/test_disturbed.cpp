// Disturbed calls: the threshold, which calls count, and a real preemption seen through the scheduler's run delay.
#include <doctest/doctest.h>

#include "measure/host_measure.hpp"
#include "measure/timing.hpp"
#include "timed_calls_of.hpp"

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <pthread.h>
#include <sched.h>

using namespace policybench;

namespace {

// The host calls a row's figures count: its host view's (summarize_view).
std::vector<double> counted_samples(const timed_calls& t, bool keep_disturbed) {
  return summarize_view(t, timing_view::host, keep_disturbed)->counted_s;
}

} // namespace

TEST_CASE("is_disturbed: a scheduler slice is, a wake-up is not, nor a short wait in a long call") {
  CHECK(is_disturbed(1e-3, 4e-3));        // a millisecond lost in a 4 ms call
  CHECK_FALSE(is_disturbed(15e-6, 1e-6)); // a wake-up under the floor, however short the call
  CHECK_FALSE(is_disturbed(19e-6, 1e-3)); // the floor, 20 us, and 2% of a 1 ms call
  CHECK(is_disturbed(20e-6, 1e-3));
  CHECK_FALSE(is_disturbed(1.9e-3, 0.1)); // under 2% of a 100 ms call
  CHECK(is_disturbed(2e-3, 0.1));
}

TEST_CASE("counted calls: disturbed ones are left out of the figures and the stopping rule, unless kept") {
  timed_calls t = calls_of(0, {1, 2, 30, 4, 5, 6, 70}, {}, 8, 1.0);
  t.disturbed = {false, false, true, false, false, false, true};
  CHECK(disturbed_calls(t) == 2);
  CHECK(stopping_samples(t, false) == std::vector<double>{1, 2, 4, 5, 6});
  CHECK(counted_samples(t, false) == std::vector<double>{1, 2, 4, 5, 6});
  CHECK(counted_samples(t, true).size() == 7);
  // Too few undisturbed calls to stand alone and most disturbed: the statistics take every call (the row says most
  // were disturbed), the stopping rule still only the undisturbed ones.
  t.disturbed = {true, true, true, false, true, false, true};
  CHECK(stopping_samples(t, false) == std::vector<double>{4, 6});
  CHECK(counted_samples(t, false).size() == 7);
  // Few quiet calls but not most disturbed (a fixed --reps 2 with one disturbed beside): the quiet ones.
  t = calls_of(0, {1, 30, 2}, {}, 4, 1.0);
  t.disturbed = {false, true, false};
  CHECK(counted_samples(t, false) == std::vector<double>{1, 2});
  // Exactly half disturbed is not most: the quiet half stands alone.
  t = calls_of(0, {1, 30, 2, 40}, {}, 5, 1.0);
  t.disturbed = {false, true, false, true};
  CHECK(counted_samples(t, false) == std::vector<double>{1, 2});
  // min_counted_calls quiet calls stand alone however many beside them were disturbed; one fewer do not.
  t = calls_of(0, std::vector<double>(2 * min_counted_calls + 1, 1.0), {}, 0, 1.0);
  for (std::size_t i = 0; i < t.warm_s.size(); ++i)
    t.warm_s[i] += 0.1 * double(i), t.disturbed[i] = i >= min_counted_calls;
  CHECK(counted_samples(t, false).size() == min_counted_calls);
  t.disturbed[0] = true;
  CHECK(counted_samples(t, false).size() == t.warm_s.size());
  // The effective parallelism too: the counted calls' CPU time over their wall time.
  t = calls_of(0, {1, 1, 1, 1, 1, 1}, {}, 7, 2.0);
  t.disturbed = {false, false, false, false, false, true};
  t.parallelism.back() = 0.5;
  CHECK(effective_parallelism(t, false) == doctest::Approx(2.0));
  CHECK(effective_parallelism(t, true) == doctest::Approx(1.75));
  t = calls_of(0, {1, 2, 30, 4, 5, 6, 70}, {}, 8, 1.0);
  // Unjudged (the kernel gives no run delays): every call counts, and none is said to be disturbed.
  t.disturbed.clear();
  CHECK(disturbed_calls(t) == 0);
  CHECK_FALSE(disturbance_known(t));
  CHECK(stopping_samples(t, false).size() == 7);
  // A device row stops on the figure it reports: its kernel times.
  t = calls_of(0, {1, 2, 3}, {0.1, 0.2, 0.3}, 4);
  t.disturbed = {false, true, false};
  CHECK(stopping_samples(t, false) == std::vector<double>{0.1, 0.3});
}

namespace {

// Keeps the CPU busy for `s` seconds of wall time.
void spin_for(double s) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(s);
  while (std::chrono::steady_clock::now() < end) {
  }
}

void pin_to(pthread_t thread, int cpu) {
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  REQUIRE(pthread_setaffinity_np(thread, sizeof one, &one) == 0);
}

} // namespace

TEST_CASE("a call whose CPU a spinning thread shares is disturbed and left out, without it, calls count") {
  REQUIRE(sample_threads().waited_s); // Linux gives every thread's run delay (CONFIG_SCHED_INFO)
  cpu_set_t allowed;
  REQUIRE(pthread_getaffinity_np(pthread_self(), sizeof allowed, &allowed) == 0);
  const int cpu = sched_getcpu();
  pin_to(pthread_self(), cpu);
  run_config cfg;
  cfg.warmup = 0, cfg.stop.reps = 3, cfg.keep_disturbed = true;
  std::atomic<bool> stop{false};
  std::thread rival([&] {
    while (!stop.load(std::memory_order_relaxed)) {
    }
  });
  pin_to(rival.native_handle(), cpu); // the same CPU: the scheduler must take turns between the two
  const timed_calls shared = time_calls(cfg, [] { spin_for(0.03); });
  stop = true;
  rival.join();
  // Alone, short calls (0.2 ms): a busy test machine may still disturb many (at a load of 7 on 2 cores, once all of
  // ten), not all fifty.
  cfg.stop.reps = 50;
  const timed_calls alone = time_calls(cfg, [] { spin_for(0.0002); });
  REQUIRE(pthread_setaffinity_np(pthread_self(), sizeof allowed, &allowed) == 0);
  CHECK(disturbed_calls(shared) >= 2);
  CHECK(disturbed_calls(alone) < 50);
  CHECK(stopping_samples(shared, false).size() <= 1);
}

TEST_CASE("a one-thread host row is judged by its wait for a CPU alone, a parallel one also on its threads") {
  if (host_concurrency() < 2) return; // one thread allowed: no call can be short of threads
  // An array large enough for a parallel call to be judged on its threads; calls that return at once keep one thread
  // busy (the reading of the clocks around them), and are over too soon for other work to take its CPU often.
  run_config cfg{element_type::float64, std::size_t(parallel_work_floor_bytes / 16), 0, {8}};
  cfg.keep_disturbed = true;
  auto nothing = [](increment_workload, operands<double>, int) {};
  const auto valid = [](const double*, std::uint64_t) { return std::optional<std::string>(); };
  const measurement parallel = measure_workload<increment_workload, double>(cfg, host_threading::tbb, nothing, valid);
  if (!disturbance_known(parallel.in_place)) return; // no run delays from this kernel: nothing is judged
  // All but one at most: oneTBB's workers still spinning from the call before can lend one empty call their CPU time
  // (7 of 8 under ASan at a load of 7 on 2 cores); a rule that judged no call on its threads would flag none.
  CHECK(disturbed_calls(parallel.in_place) + 1 >= parallel.in_place.warm_s.size());
  // The same calls on one thread lack no thread; at most one now and then waits for a CPU on a busy machine.
  const measurement one = measure_workload<increment_workload, double>(cfg, host_threading::one_thread, nothing, valid);
  CHECK(2 * disturbed_calls(one.in_place) < one.in_place.warm_s.size());
}
