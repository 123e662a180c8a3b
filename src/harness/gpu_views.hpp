// A device row's GPU views: kernel time by CUDA events, the GPU's clocks, end to end from pageable and pinned host
// memory.
#pragma once

#include "harness/result_row.hpp"
#include "measure/run_config.hpp"

namespace policybench::gpu_view {

/// Sets every GPU view of a device row from its measurement (nullptr: the row did not run, and each is none), so
/// that every device row has the same figures, each view summarized by summarize_view over the calls
/// `keep_disturbed` counts: row.kernel (the CUDA-event times' median and interval) and row.gpu: kernel_gb_per_s
/// (bytes per call / kernel median), no_kernel_time_reason (why a row has none, e.g. it synchronizes inside the
/// call), NVML's SM and memory clocks, e2e_pageable_cold_s, e2e_pageable_median_s, e2e_pinned_median_s and
/// e2e_over_kernel (pageable median / kernel median).
void add_gpu_views(result_row& row, const measurement* m, bool keep_disturbed);

} // namespace policybench::gpu_view
