// time_calls' effective parallelism: process CPU time over wall time of the timed calls (loose bounds: the
// machine may be shared; these check the meaning, never a speed).
#include <doctest/doctest.h>

#include "measure/timing.hpp"

#include <chrono>
#include <thread>

using namespace policybench;

namespace {
const run_config few_calls{element_type::float64, 0, 0, 5};
}

TEST_CASE("a call that sleeps uses almost no CPU: effective parallelism near 0") {
  const timed_calls t = time_calls(few_calls, [] { std::this_thread::sleep_for(std::chrono::milliseconds(20)); });
  CHECK(t.effective_parallelism >= 0);
  CHECK(t.effective_parallelism < 0.2);
}

TEST_CASE("a call that spins one thread: effective parallelism near 1, never near 2") {
  const timed_calls t = time_calls(few_calls, [] {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(20);
    while (std::chrono::steady_clock::now() < until) {
    }
  });
  // Below 1 when a neighbour takes the core; a wrong divisor (per call, or the CPU time of all calls) is far off.
  CHECK(t.effective_parallelism > 0.3);
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
