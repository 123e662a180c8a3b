// The roofline figures of one row: the one place FLOPs, intensity, the bound and the share of it are computed.
#include "harness/roofline.hpp"

#include "harness/ceiling_rows.hpp"

#include <algorithm>

namespace policybench {
namespace {

// FLOPs one element costs at K increments per call: 1 (the add) at K = 1, else 2 per fused multiply-add step.
constexpr double flops_per_element(int work) noexcept { return work == 1 ? 1.0 : 2.0 * work; }

} // namespace

roofline_figures roofline(int work, std::uint64_t size, double bytes_per_call, figure median_s,
                          figure compute_gflop_per_s, figure bandwidth_gb_per_s) {
  roofline_figures f;
  const double flops = flops_per_element(work) * double(size);
  f.flops_per_call = flops;
  if (bytes_per_call > 0) f.flop_per_byte = flops / bytes_per_call;
  f.gflop_per_s = ratio(flops / 1e9, median_s);
  // The memory roof at this intensity; the flat compute roof; whichever is lower bounds the row.
  figure bound;
  if (f.flop_per_byte && bandwidth_gb_per_s) bound = *f.flop_per_byte * *bandwidth_gb_per_s;
  if (compute_gflop_per_s) bound = bound ? std::min(*bound, *compute_gflop_per_s) : *compute_gflop_per_s;
  f.bound_gflop_per_s = bound;
  if (bound && *bound > 0 && f.gflop_per_s) f.pct_of_bound = 100 * *f.gflop_per_s / *bound;
  return f;
}

int work_of(const result_row& r) { return r.roofline ? r.roofline->work : 1; }

void add_roofline(result_row& r, int work, std::span<const result_row> rows) {
  const bool device = r.device == side::device;
  const auto roof = [&](ceiling_bound bound) {
    const result_row* c = bounding_ceiling(rows, r.device, bound);
    return c ? throughput(*c) : figure();
  };
  const roofline_figures f = roofline(work, r.size, r.bytes_per_call, roofline_time_s(r), roof(ceiling_bound::compute),
                                      roof(ceiling_bound::bandwidth));
  // Without a kernel time (thrust::device) no share of event-timed ceilings: two clocks would mix (pct_of_ceiling).
  const bool mixed_clocks = device && !r.kernel.median_s;
  r.flops = flop_figures{.flops_per_call = f.flops_per_call, .gflop_per_s = f.gflop_per_s};
  r.roofline = roofline_place{.work = work,
                              .flop_per_byte = f.flop_per_byte,
                              .bound_gflop_per_s = f.bound_gflop_per_s,
                              .pct_of_bound = mixed_clocks ? figure() : f.pct_of_bound};
}

void add_compute_figures(result_row& r, std::optional<double> flops_per_call) {
  const figure flops = flops_per_call ? figure(*flops_per_call) : figure();
  r.flops = flop_figures{.flops_per_call = flops, .gflop_per_s = ratio(scaled(flops, 1e-9), roofline_time_s(r))};
}

figure roofline_time_s(const result_row& r) {
  const figure kernel = r.device == side::device ? r.kernel.median_s : figure();
  return kernel ? kernel : r.median_s;
}

} // namespace policybench
