// The element counts every policy is tested at: 0..17 (empty, tiny, odd tails) and large ones that are not
// powers of two (1000003), plus the default workload (10^7) where `with_default` is set.
#pragma once

#include <cstddef>
#include <vector>

inline std::vector<std::size_t> test_sizes(bool with_default) {
  std::vector<std::size_t> sizes;
  for (std::size_t n = 0; n <= 17; ++n) sizes.push_back(n);
  sizes.push_back(1'000'003);
  if (with_default) sizes.push_back(10'000'000);
  return sizes;
}
