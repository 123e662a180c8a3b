// The element counts every policy is tested at: 0..17 (empty, tiny, odd tails) and large ones that are not
// powers of two (1000003), plus the default workload (10^7) where `with_default` is set.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <string>
#include <vector>

inline std::vector<std::size_t> test_sizes(bool with_default) {
  std::vector<std::size_t> sizes;
  for (std::size_t n = 0; n <= 17; ++n)
    sizes.push_back(n);
  sizes.push_back(1'000'003);
  if (with_default) sizes.push_back(10'000'000);
  // POLICYBENCH_TEST_MAX_SIZE=N drops the larger sizes: under a sanitizer (ThreadSanitizer, compute-sanitizer)
  // every access is orders of magnitude slower; 1000003 is enough to split across threads and thread blocks.
  if (const char* max = std::getenv("POLICYBENCH_TEST_MAX_SIZE"))
    std::erase_if(sizes, [max = std::stoull(max)](std::size_t n) { return n > max; });
  return sizes;
}
