// The loop policy with no harness around it: the reference for the harness-overhead ratio in scripts/bench.sh.
// Same placement (host_array, first touch), same increment object, same steady_clock; only the registry,
// std::function, oneTBB's cold state and validation's bookkeeping are gone.
#include "measure/host_array.hpp"
#include "measure/validation.hpp"
#include "policybench/increment.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

int main(int argc, char** argv) {
  // Usage: policybench_bare_loop SIZE WARMUP REPS [huge|small]; prints the median seconds of REPS float64 calls.
  using policybench::page_size;
  const auto pages = argc == 5 ? policybench::parse_in(policybench::page_size_names, argv[4]) : page_size::huge;
  if ((argc != 4 && argc != 5) || !pages) {
    std::fprintf(stderr, "usage: policybench_bare_loop SIZE WARMUP REPS [huge|small]\n");
    return 2;
  }
  const std::size_t n = std::strtoull(argv[1], nullptr, 10);
  const int warmup = std::atoi(argv[2]), reps = std::atoi(argv[3]);
  if (reps < 1 || warmup < 0) return 2;
  const policybench::host_array array(n * sizeof(double), *pages);
  double* const data = array.data<double>();
  policybench::first_touch_fill(data, n, policybench::host_threading::one_thread);
  const policybench::increment op;
  std::vector<double> times;
  for (int call = 0; call < 1 + warmup + reps; ++call) {
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < n; ++i) data[i] = op(data[i]);
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    if (call > warmup) times.push_back(elapsed.count());
  }
  if (policybench::first_mismatch(data, n, std::uint64_t(1 + warmup + reps))) return 1;
  std::nth_element(times.begin(), times.begin() + reps / 2, times.end());
  std::printf("%.9f\n", times[reps / 2]);
}
