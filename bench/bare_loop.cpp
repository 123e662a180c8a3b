// The loop policy with no harness around it: the reference for the harness-overhead ratio in scripts/bench.sh. Same
// placement (host_array, first touch), same increment object, same steady_clock; only the registry, std::function,
// oneTBB's cold state and validation's bookkeeping are gone. With "omp", the plain OpenMP in-place loop STREAM would
// write (schedule(static), first touch by the same split): the reference for the host in-place ceiling's median.
#include "measure/host_measure.hpp"
#include "measure/run_config.hpp"
#include "policybench/increment.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

int main(int argc, char** argv) {
  // Usage: policybench_bare_loop SIZE WARMUP REPS [huge|small [one|omp]]; prints the median seconds of REPS
  // float64 calls.
  using policybench::page_size;
  const auto pages = argc >= 5 ? policybench::parse_in(policybench::page_size_names, argv[4]) : page_size::huge;
  const std::string_view threads = argc == 6 ? argv[5] : "one";
  if (argc < 4 || argc > 6 || !pages || (threads != "one" && threads != "omp")) {
    std::fprintf(stderr, "usage: policybench_bare_loop SIZE WARMUP REPS [huge|small [one|omp]]\n");
    return 2;
  }
  const bool omp = threads == "omp";
  const std::size_t n = std::strtoull(argv[1], nullptr, 10);
  const int warmup = std::atoi(argv[2]), reps = std::atoi(argv[3]);
  if (reps < 1 || warmup < 0) return 2;
  const policybench::host_array array(n * sizeof(double), *pages);
  double* const data = array.data<double>();
  const policybench::increment op;
  // The same static split touches each page first and updates it (no-ops without OpenMP: one thread).
#pragma omp parallel for schedule(static) if (omp)
  for (std::size_t i = 0; i < n; ++i)
    data[i] = policybench::expected_value<double>(i, 0);
  std::vector<double> times;
  for (int call = 0; call < 1 + warmup + reps; ++call) {
    const auto start = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(static) if (omp)
    for (std::size_t i = 0; i < n; ++i)
      data[i] = op(data[i]);
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    if (call > warmup) times.push_back(elapsed.count());
  }
  if (policybench::check_output<policybench::increment_workload>(data, n, 1 + warmup + reps, 1)) return 1;
  std::nth_element(times.begin(), times.begin() + reps / 2, times.end());
  std::printf("%.9f\n", times[reps / 2]);
}
