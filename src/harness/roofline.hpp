// A row's arithmetic figures (--work K) and where the roofline model (Williams, Waterman, Patterson 2009) bounds it:
// min(compute ceiling, arithmetic intensity x bandwidth ceiling). Computed here once, for every row and every mode
// (a work sweep's compute-bound K and offload crossover are sweep.hpp's).
#pragma once

#include "harness/figure.hpp"
#include "harness/result.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace policybench {

/// One row on the roofline. GFLOP/s = 10^9 FLOP/s; FLOP/byte over the bytes the call moves (bytes_per_call).
struct roofline_figures {
  figure flops_per_call, gflop_per_s, flop_per_byte;
  /// min(compute ceiling, flop_per_byte x bandwidth ceiling) in GFLOP/s, and the row's GFLOP/s as a share of it
  /// (percent); none without a ceiling (a bandwidth ceiling alone bounds a row whose compute ceiling is unknown).
  figure bound_gflop_per_s, pct_of_bound;
};

/// The figures of a row at `work` increments per element over `size` elements moving `bytes_per_call`, timed at
/// `median_s` (none: only the per-call figures), against its device's compute ceiling (GFLOP/s) and bandwidth
/// ceiling (GB/s), either none when not measured.
roofline_figures roofline(int work, std::uint64_t size, double bytes_per_call, figure median_s,
                          figure compute_gflop_per_s, figure bandwidth_gb_per_s);

/// The K a row was measured at: its roofline's, 1 when it has none (a run without --work).
int work_of(const result_row& r);

/// Sets r's roofline figures (r.flops and r.roofline: K, flops_per_call, gflop_per_s, flop_per_byte, the bound and
/// the share of it) from roofline() at `work`: a device row timed by kernel time (else
/// host-synchronous, then without a share: two clocks would mix) against its device's ceiling rows among `rows`
/// (harness/ceiling_rows.hpp: the fastest median of each bound).
void add_roofline(result_row& r, int work, std::span<const result_row> rows);

/// A compute ceiling row's flops_per_call and gflop_per_s (from its median: kernel time on the device).
void add_compute_figures(result_row& r, std::optional<double> flops_per_call);

/// The time a row is set on the roofline by: a device row's kernel time where it has one, else the host-synchronous
/// median (host rows, thrust::device).
figure roofline_time_s(const result_row& r);

} // namespace policybench
