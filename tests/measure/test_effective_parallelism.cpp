// time_calls' effective parallelism: process CPU time over wall time of the timed calls (loose bounds: the
// machine may be shared; these check the meaning, never a speed).
#include <doctest/doctest.h>

#include "measure/timing.hpp"

#include <atomic>
#include <chrono>
#include <thread>

using namespace policybench;

namespace {
// As many untimed calls (cold + 4 warm-up) as timed ones: counting their CPU time would double the figure.
const run_config few_calls{element_type::float64, 0, 4, 5};
}

TEST_CASE("a call that sleeps uses almost no CPU: effective parallelism near 0") {
  const timed_calls t = time_calls(few_calls, [] { std::this_thread::sleep_for(std::chrono::milliseconds(20)); });
  CHECK(t.effective_parallelism >= 0);
  CHECK(t.effective_parallelism < 0.2);
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
  CHECK(t.effective_parallelism > 0.05);
  CHECK(t.effective_parallelism < 1.3);
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
  // only at its scheduler ticks (4 ms at HZ=250); a reading that trusted that record would see 0 or a whole tick
  // per window, never about the 2 ms the spinner really ran.
  std::atomic<bool> stop{false};
  std::thread spinner([&] {
    while (!stop.load(std::memory_order_relaxed)) {
    }
  });
  int close = 0;
  for (int window = 0; window < 21; ++window) {
    const double cpu_start = process_cpu_seconds();
    const auto wall_start = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    const double cpu_s = process_cpu_seconds() - cpu_start;
    const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    close += cpu_s > 0.25 * wall_s && cpu_s < 1.5 * wall_s;
  }
  stop = true;
  spinner.join();
  CHECK(close >= 11); // most windows; a busy machine may take the spinner's core for a few
}
