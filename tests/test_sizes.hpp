// The element counts every policy is tested at: 0..17 (empty, tiny, odd tails) and large ones that are not
// powers of two (1000003), plus the default workload (10^7) where `with_default` is set.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

// POLICYBENCH_TEST_MAX_SIZE=N, or no limit: under a sanitizer (ThreadSanitizer, compute-sanitizer) every access is
// orders of magnitude slower.
inline std::size_t test_max_size() {
  const char* max = std::getenv("POLICYBENCH_TEST_MAX_SIZE");
  return max ? std::size_t(std::stoull(max)) : SIZE_MAX;
}

inline std::vector<std::size_t> test_sizes(bool with_default) {
  std::vector<std::size_t> sizes;
  for (std::size_t n = 0; n <= 17; ++n)
    sizes.push_back(n);
  sizes.push_back(1'000'003);
  if (with_default) sizes.push_back(10'000'000);
  // 1000003 is enough to split across threads, thread blocks and CUB's tiles.
  std::erase_if(sizes, [max = test_max_size()](std::size_t n) { return n > max; });
  return sizes;
}
