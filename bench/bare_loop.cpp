// The loop policy with no harness around it: the reference for the harness-overhead ratio in scripts/bench.sh.
// Same data, same increment object, same steady_clock; only the registry, std::function and validation are gone.
#include "policybench/increment.hpp"
#include "measure/validation.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

int main(int argc, char** argv) {
  // Usage: policybench_bare_loop SIZE WARMUP REPS; prints the median seconds of REPS float64 calls.
  if (argc != 4) {
    std::fprintf(stderr, "usage: policybench_bare_loop SIZE WARMUP REPS\n");
    return 2;
  }
  const std::size_t n = std::strtoull(argv[1], nullptr, 10);
  const int warmup = std::atoi(argv[2]), reps = std::atoi(argv[3]);
  if (reps < 1 || warmup < 0) return 2;
  const auto data = std::make_unique_for_overwrite<double[]>(n);
  policybench::fill_initial(data.get(), n);
  const policybench::increment op;
  std::vector<double> times;
  for (int call = 0; call < 1 + warmup + reps; ++call) {
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < n; ++i) data[i] = op(data[i]);
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    if (call > warmup) times.push_back(elapsed.count());
  }
  if (policybench::first_mismatch(data.get(), n, std::uint64_t(1 + warmup + reps))) return 1;
  std::nth_element(times.begin(), times.begin() + reps / 2, times.end());
  std::printf("%.9f\n", times[reps / 2]);
}
