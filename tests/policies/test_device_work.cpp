// --work K on the device: every available device policy adds exactly K per call, and the device's compute ceiling
// times its calls and stays under the theoretical peak. Part of policybench_device_tests (skipped without a device).
#include <doctest/doctest.h>

#include "device_rows.hpp"
#include "measure/ceilings.hpp"
#include "test_sizes.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

using namespace policybench;

TEST_CASE_TEMPLATE("every available device policy validates start + calls x K", T, float, double, std::int32_t,
                   std::int64_t) {
  for (const std::size_t n : {std::size_t(0), std::size_t(17), std::min<std::size_t>(1'000'003, test_max_size())}) {
    run_config cfg = small_config(element_type_of<T>, n, 1, 2);
    cfg.work = 7;
    for (const policy_entry& p : policies()) {
      if (p.unavailable) continue;
      CAPTURE(p.name);
      CAPTURE(n);
      const measurement m = p.measure(cfg);
      CHECK_MESSAGE(!m.validation_error, m.validation_error.value_or(""));
    }
  }
}

#if POLICYBENCH_HAVE_CUDA
TEST_CASE("the device compute ceiling times 10 calls, counts 2 FLOPs per FMA and stays under the peak") {
  if (device().unavailable) return;
  const device_info& d = device();
  for (const element_type t : {element_type::float32, element_type::float64}) {
    CAPTURE(std::string(to_string(t)));
    const measurement c = measure_device_compute(small_config(t, 0, 1, 10));
    REQUIRE(c.in_place.kernel_s.size() == 10);
    CHECK_FALSE(c.validation_error);
    REQUIRE(c.flops_per_call);
    const double best_s = *std::min_element(c.in_place.kernel_s.begin(), c.in_place.kernel_s.end());
    const double gflop_per_s = *c.flops_per_call / best_s / 1e9;
    CHECK(gflop_per_s > 0);
    // Above the theoretical peak would mean miscounted or folded FMAs (clocks may boost a little past the nominal).
    const compute_peak peak = device_compute_peak(t, d.sm_count, d.sm_clock_khz, d.compute_capability);
    if (peak.gflop_per_s > 0) CHECK(gflop_per_s < 1.1 * peak.gflop_per_s);
  }
}
#endif
