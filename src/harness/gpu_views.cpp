// The GPU views of a device row: each figure one line (report/summaries.cpp declares how each is printed).
#include "harness/gpu_views.hpp"

#include "harness/rules.hpp"
#include "measure/thread_clocks.hpp"

namespace policybench::gpu_view {

void add_gpu_views(result_row& row, const measurement* m, bool keep_disturbed) {
  const measurement did_not_run{};
  const measurement& r = m ? *m : did_not_run; // every view none
  const auto median = [&](const std::optional<timed_calls>& t) {
    const auto s = t ? summarize_view(*t, timing_view::host, keep_disturbed) : std::nullopt;
    return s ? figure(s->stats.median_s) : figure();
  };
  row.kernel = {};
  if (const auto kernel = summarize_view(r.in_place, timing_view::kernel, keep_disturbed)) {
    row.kernel.median_s = kernel->stats.median_s;
    if (const auto& ci = kernel->interval) row.kernel.low_s = ci->lower_s, row.kernel.high_s = ci->upper_s;
  }
  const figure pageable = median(r.e2e_pageable);
  const auto mhz = [](const std::optional<gpu_clocks>& clocks, unsigned gpu_clocks::*which) {
    return clocks ? figure((*clocks).*which) : figure();
  };
  row.gpu = gpu_figures{.kernel_gb_per_s = gb_per_s(row.bytes_per_call, row.kernel.median_s),
                        .no_kernel_time_reason = r.no_kernel_time,
                        .sm_clock_before_mhz = mhz(r.clocks_before, &gpu_clocks::sm_mhz),
                        .sm_clock_after_mhz = mhz(r.clocks_after, &gpu_clocks::sm_mhz),
                        .memory_clock_before_mhz = mhz(r.clocks_before, &gpu_clocks::memory_mhz),
                        .memory_clock_after_mhz = mhz(r.clocks_after, &gpu_clocks::memory_mhz),
                        .e2e_pageable_cold_s = r.e2e_pageable ? figure(r.e2e_pageable->cold_s) : figure(),
                        .e2e_pageable_median_s = pageable,
                        .e2e_pinned_median_s = median(r.e2e_pinned),
                        .e2e_over_kernel = ratio(pageable, row.kernel.median_s)};
}

} // namespace policybench::gpu_view
