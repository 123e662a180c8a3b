// One result row of the typed model: a policy at one point, every figure a report shows, computed once.
#pragma once

#include "harness/figure.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace policybench {

enum class row_status { ok, invalid, failed, unavailable };

/// policybench-mpi: one rank's own figures for a policy, from its own clock (no maximum over ranks).
struct rank_figures {
  int rank = 0;
  figure median_s, gb_per_s; ///< this rank's warm median; its own bytes per call / that median
  bool validated = false;
};

/// One policy at one point (README "JSON schema"; report/row_fields.cpp lists the fields in the JSON's order).
/// Times in seconds, throughput in GB/s (10^9 bytes/s), shares in percent, cv and efficiency as fractions.
struct result_row {
  std::string policy, device, backend; ///< device: "host" or "device"
  row_status status = row_status::ok;
  std::optional<std::string> reason; ///< why unavailable or failed
  std::string type;                  ///< element type, e.g. "float64"
  std::uint64_t size = 0;            ///< element count
  double bytes_per_call = 0;
  int warmup = 0;
  /// Timed calls the figures count (samples_s); none for a row that did not run (unavailable, failed).
  std::optional<std::uint64_t> reps;
  /// Timed calls disturbed by other work (measure/thread_clocks.hpp): left out of the figures unless the run kept
  /// them; none where the kernel gives no wait times or the row did not run.
  std::optional<std::uint64_t> disturbed_calls;
  /// More than half of the row's timed calls were disturbed: its figures do not show a quiet machine.
  std::optional<bool> mostly_disturbed;
  std::optional<int> threads; ///< host concurrency during the run (a compared file may lack it)
  figure cold_s, min_s, median_s, mean_s, stddev_s, cv; ///< cold call; warm statistics (measure/stats.hpp)
  std::vector<double> samples_s; ///< every counted timed call's host-clock duration, in the order made
  /// The median's distribution-free confidence interval (measure/stats.hpp) and the coverage it attains (a
  /// fraction, >= 0.95); none below 6 samples, where even [min, max] covers less.
  figure median_ci_low_s, median_ci_high_s, median_ci_confidence;
  figure effective_parallelism;                     ///< process CPU time / wall time over the timed calls (timed_calls)
  std::optional<std::uint64_t> huge_page_bytes;     ///< host rows: bytes of the array on transparent huge pages
  figure gb_per_s, pct_of_ceiling, speedup_vs_loop; ///< from median_s (pct: device rows from kernel time)
  /// The row's throughput beats its ceiling beyond both intervals (harness/rules.hpp); none without a share.
  std::optional<bool> above_ceiling;
  figure kernel_median_s, kernel_gb_per_s;          ///< CUDA events, device rows only
  std::optional<std::string> no_kernel_time_reason; ///< device rows without a kernel time: why
  /// Device rows: NVML's SM and memory clocks (MHz) just before the first call and after the last timed one.
  std::optional<int> sm_clock_before_mhz, sm_clock_after_mhz, memory_clock_before_mhz, memory_clock_after_mhz;
  figure e2e_pageable_cold_s, e2e_pageable_median_s, e2e_pinned_median_s, e2e_over_kernel;
  std::optional<bool> validated; ///< none for a row that did not run (unavailable, failed)
  std::optional<std::string> validation_error;
  std::optional<std::string> stopped_by; ///< "reps", "min_time", "max_noise" or "timeout" (measure/stopping.hpp)
  figure speedup_vs_1_thread, parallel_efficiency; ///< thread sweeps: own 1-thread median / median, that / threads
  std::optional<std::string> source;               ///< --compare-with: the file the row came from
  /// MPI jobs (then median_s is per call the slowest rank's time and gb_per_s the aggregate: all ranks' bytes / it):
  /// the fastest and slowest rank's own median, and their ratio (slowest / fastest), with one entry per rank.
  figure rank_median_min_s, rank_median_max_s, imbalance;
  std::vector<rank_figures> per_rank;
};

/// "ok", "invalid", "failed", "unavailable" (the JSON's words), and back; nullopt for any other text.
std::string to_string(row_status s);
std::optional<row_status> parse_row_status(std::string_view text);

} // namespace policybench
