// The GPU views of a device row: each figure one line, with the column the table shows it in.
#include "harness/gpu_views.hpp"

#include "harness/rules.hpp"

namespace policybench::gpu_view {

void add_gpu_views(result_row& row, const measurement* m) {
  const measurement did_not_run{};
  const measurement& r = m ? *m : did_not_run; // every view none
  const figure kernel = median_of(r.in_place.kernel_s);
  const figure pageable = r.e2e_pageable ? median_of(r.e2e_pageable->warm_s) : figure();
  const auto mhz = [](const std::optional<gpu_clocks>& clocks, unsigned gpu_clocks::*which) {
    return clocks ? figure((*clocks).*which) : figure();
  };
  const extra_column none;
  const auto add = [&](const char* name, extra_value value, const char* unit, extra_column column) {
    set_extra(row, {.name = name, .value = std::move(value), .unit = unit, .column = std::move(column)});
  };
  add(kernel_median_s, kernel, "s", {.header = "kernel"});
  add(kernel_gb_per_s, gb_per_s(row.bytes_per_call, kernel), "GB/s", none);
  add("no_kernel_time_reason", r.no_kernel_time, "", none);
  add("sm_clock_before_mhz", mhz(r.clocks_before, &gpu_clocks::sm_mhz), "MHz", none);
  add("sm_clock_after_mhz", mhz(r.clocks_after, &gpu_clocks::sm_mhz), "MHz", none);
  add("memory_clock_before_mhz", mhz(r.clocks_before, &gpu_clocks::memory_mhz), "MHz", none);
  add("memory_clock_after_mhz", mhz(r.clocks_after, &gpu_clocks::memory_mhz), "MHz", none);
  add("e2e_pageable_cold_s", r.e2e_pageable ? figure(r.e2e_pageable->cold_s) : figure(), "s", none);
  add(e2e_pageable_median_s, pageable, "s", {.header = "e2e pageable"});
  add(e2e_pinned_median_s, r.e2e_pinned ? median_of(r.e2e_pinned->warm_s) : figure(), "s", {.header = "e2e pinned"});
  add("e2e_over_kernel", ratio(pageable, kernel), "x", {.header = "e2e/kernel", .decimals = 0, .suffix = "x"});
}

} // namespace policybench::gpu_view
