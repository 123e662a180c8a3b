// The compute ceilings of a run: the roofline's flat roof on each device, measured once, as GFLOP/s figures.
#include "harness/compute_ceilings.hpp"

#include <exception>

namespace policybench {

void measure_compute_ceilings(measured_run& run, bool host_rows) {
  if (run.config.work <= 1) return;
  if (host_rows)
    run.host_compute = measure_host_compute_ceiling(run.config.type, run.host_concurrency, run.host.cpu_mhz);
#if POLICYBENCH_HAVE_CUDA
  if (run.device.unavailable) return;
  try {
    const device_info& d = run.device;
    run.device_compute = measure_device_compute_ceiling(run.config, d.sm_count, d.sm_clock_khz, d.compute_capability);
  } catch (const std::exception& e) {
    run.device_ceiling_error = std::string("compute ceiling: ") + e.what();
  }
#endif
}

void add_compute_ceilings(ceilings& c, const measured_run& run) {
  const auto peak = [](const compute_ceiling& m) {
    return m.peak_gflop_per_s > 0 ? figure(m.peak_gflop_per_s) : figure();
  };
  if (const auto& h = run.host_compute) {
    c.host_compute_gflop_per_s = best_gflop_per_s(*h), c.host_compute_peak_gflop_per_s = peak(*h);
    c.host_compute_kernel = h->kernel, c.host_compute_peak_how = h->peak_how;
  }
  if (const auto& d = run.device_compute) {
    c.device_compute_gflop_per_s = best_gflop_per_s(*d), c.device_compute_peak_gflop_per_s = peak(*d);
    c.device_compute_kernel = d->kernel, c.device_compute_peak_how = d->peak_how;
  }
}

} // namespace policybench
