// The registry's host rows: every entry whose increment runs on the host (thrust::device too in a build without nvcc).
#pragma once

#include "policies/registry.hpp"

#include <vector>

inline std::vector<policybench::policy_entry> host_rows() {
  auto all = policybench::registry(policybench::query_device());
  std::erase_if(all, [](const policybench::policy_entry& p) { return p.device != policybench::side::host; });
  return all;
}
