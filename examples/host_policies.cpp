// The one call, policybench::increment_all, under four host execution policies: timed, validated, printed.
// Standalone: only include/policybench, oneTBB and Thrust; no harness, no placement, no statistics.
#include "policybench/workload.hpp"

#include <thrust/system/tbb/execution_policy.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <execution>
#include <vector>

namespace {

constexpr std::size_t n = 10'000'000;
constexpr int reps = 10;

// One untimed call (oneTBB starts its worker threads), then `reps` timed ones; prints ms per call and GB/s.
// Returns whether every element, set to 0 first, then equals 1 + reps.
template <class Policy> bool run(const char* name, const Policy& policy, std::vector<double>& a) {
  std::fill(a.begin(), a.end(), 0.0);
  double* first = a.data();
  double* last = a.data() + a.size();
  policybench::increment_all(policy, first, last);
  const auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r)
    policybench::increment_all(policy, first, last); // a[i] <- a[i] + 1
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - t0;

  const double seconds = elapsed.count() / reps;
  const double bytes = 2.0 * sizeof(double) * double(a.size()); // one read and one write per element (STREAM)
  const bool valid = std::all_of(a.begin(), a.end(), [=](double x) { return x == 1 + reps; });
  std::printf("%-26s %8.3f ms %6.1f GB/s  %s\n", name, seconds * 1e3, bytes / seconds / 1e9,
              valid ? "validated" : "WRONG");
  return valid;
}

} // namespace

int main() {
  std::vector<double> a(n);
  std::printf("%zu x float64 in place, %d timed calls per policy\n", n, reps);

  bool ok = run("std::execution::seq", std::execution::seq, a);
  ok &= run("std::execution::par", std::execution::par, a);
  ok &= run("std::execution::par_unseq", std::execution::par_unseq, a);
  ok &= run("thrust::tbb::par", thrust::tbb::par, a);
  return ok ? 0 : 1;
}
