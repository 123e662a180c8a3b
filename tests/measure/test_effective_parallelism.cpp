// time_calls' effective parallelism: process CPU time over wall time of the timed calls (loose bounds: the
// machine may be shared; these check the meaning, never a speed).
#include <doctest/doctest.h>

#include "measure/timing.hpp"

#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

#include <pthread.h>
#include <time.h>

using namespace policybench;

namespace {
// As many untimed calls (cold + 4 warm-up) as timed ones: counting their CPU time would double the figure.
const run_config few_calls{element_type::float64, 0, 4, {5}};
} // namespace

TEST_CASE("a call that sleeps uses almost no CPU: effective parallelism near 0") {
  const timed_calls t = time_calls(few_calls, [] { std::this_thread::sleep_for(std::chrono::milliseconds(20)); });
  CHECK(effective_parallelism(t, false) >= 0);
  CHECK(effective_parallelism(t, false) < 0.2);
}

TEST_CASE("a call that spins one thread: effective parallelism near 1, never near 2") {
  const timed_calls t = time_calls(few_calls, [] {
    // 20 ms of this process's CPU time, however long a busy machine makes that take on the wall clock.
    const double until = process_cpu_seconds() + 0.02;
    while (process_cpu_seconds() < until) {
    }
  });
  // Below 1 when a neighbour takes the core (so only a loose lower bound); counting the untimed calls' CPU time
  // would give ~2, dividing by one call's wall time ~5.
  CHECK(effective_parallelism(t, false) > 0.05);
  CHECK(effective_parallelism(t, false) < 1.3);
}

TEST_CASE("process CPU seconds only grow") {
  const double before = process_cpu_seconds();
  volatile double sink = 0;
  for (int i = 0; i < 1'000'000; ++i)
    sink = sink + 1;
  CHECK(process_cpu_seconds() >= before);
  CHECK(before > 0);
}

TEST_CASE("process CPU time counts another thread's running time up to the moment it is read") {
  // A second thread spins while this one sleeps through 2 ms windows. The kernel records a running thread's time
  // only at its scheduler ticks (4 ms at HZ=250); a reading that trusted that record would be off by up to a
  // tick per window. The spinner's own clock (exact, as a thread clock always is) is the reference, so a busy
  // machine that takes the spinner's core changes both sides alike.
  std::atomic<bool> stop{false};
  std::thread spinner([&] {
    while (!stop.load(std::memory_order_relaxed)) {
    }
  });
  clockid_t spinner_clock{};
  REQUIRE(pthread_getcpuclockid(spinner.native_handle(), &spinner_clock) == 0);
  const auto seconds_of = [](clockid_t clock) {
    timespec t{};
    clock_gettime(clock, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
  };
  int close = 0;
  for (int window = 0; window < 21; ++window) {
    // No clock read for a while before the window: the spinner's record goes stale as it would between calls.
    std::this_thread::sleep_for(std::chrono::milliseconds(3));
    const double process_start = process_cpu_seconds();
    const double spinner_start = seconds_of(spinner_clock), self_start = seconds_of(CLOCK_THREAD_CPUTIME_ID);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    const double spinner_s = seconds_of(spinner_clock) - spinner_start;
    const double self_s = seconds_of(CLOCK_THREAD_CPUTIME_ID) - self_start;
    const double process_s = process_cpu_seconds() - process_start;
    close += std::abs(process_s - (spinner_s + self_s)) < 0.5e-3;
  }
  stop = true;
  spinner.join();
  CHECK(close >= 11);
}
