// The device policies through the plain C++ registry: every available one, every element type, sizes 0..17 and
// two large sizes that are not powers of two, one beyond a resident grid-stride grid's first pass (unheld). Without
// any available policy the executable is skipped (77); with one it resets the device before exit, so that
// compute-sanitizer's leak check sees every allocation.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "test_sizes.hpp"

#include "device_rows.hpp"
#include "device_user_ops.hpp"
#include "measure/run_config.hpp"
#include "policies/registry.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <type_traits>
#include <vector>

using namespace policybench;

namespace {

void check_calls(const timed_calls& t, const run_config& cfg, bool kernel_times) {
  CHECK(t.warm_s.size() == std::size_t(cfg.stop.reps));
  CHECK(t.kernel_s.size() == (kernel_times ? std::size_t(cfg.stop.reps) : 0));
  CHECK(std::all_of(t.warm_s.begin(), t.warm_s.end(), [](double s) { return s >= 0; }));
  CHECK(std::all_of(t.kernel_s.begin(), t.kernel_s.end(), [](double s) { return s >= 0; }));
}

} // namespace

TEST_CASE_TEMPLATE("every available device policy increments every element exactly", T, float, double, std::int32_t,
                   std::int64_t) {
  for (const std::size_t n : test_sizes(true)) {
    SUBCASE(("size " + std::to_string(n)).c_str()) {
      for (const policy_entry& p : policies()) {
        if (p.unavailable) continue;
        CAPTURE(p.name);
        const run_config cfg = small_config(element_type_of<T>, n, 1, 2);
        const measurement m = p.measure(cfg);
        CHECK_MESSAGE(!m.validation_error, m.validation_error.value_or(""));
        const bool on_device = p.device == side::device;
        // thrust::device synchronizes inside the call: no kernel time, and a reason instead.
        const bool synchronous = p.name == "thrust::device";
        CHECK(m.no_kernel_time.has_value() == synchronous);
        check_calls(m.in_place, cfg, on_device && !synchronous);
        // Clocks come from NVML on the policy's device: both or neither, as device_info says.
        CHECK(m.clocks_before.has_value() == !device().clocks_unavailable);
        CHECK(m.clocks_after.has_value() == m.clocks_before.has_value());
        if (on_device) {
          REQUIRE(m.e2e_pageable);
          REQUIRE(m.e2e_pinned);
          check_calls(*m.e2e_pageable, cfg, false);
          check_calls(*m.e2e_pinned, cfg, false);
        }
      }
    }
  }
}

TEST_CASE_TEMPLATE("every available device policy runs triad, uneven work and poly, checked as the host's rows are", T,
                   float) {
  // float32 (4 lanes a 16-byte vector), vectors and a tail, and a size past a thread block's and CUB's tiles (empty:
  // the code the increment's case runs at 0; it has every type and size); the bundle's device time holds this more
  // (scripts/gpu-check/plan_model.py, device_tests), under its sanitizers too.
  std::vector<std::size_t> sizes{17, 100'003};
  std::erase_if(sizes, [](std::size_t n) { return n > test_max_size(); });
  for (const std::size_t n : sizes) {
    SUBCASE(("size " + std::to_string(n)).c_str()) {
      for (const workload_id w : {workload_id::triad, workload_id::uneven, workload_id::poly})
        for (const policy_entry& p : policies()) {
          if (p.unavailable || p.device != side::device) continue;
          CAPTURE(p.name);
          CAPTURE(to_string(w));
          run_config cfg = small_config(element_type_of<T>, n, 1, 2);
          cfg.workload = w;
          const measurement m = p.measure(cfg);
          CHECK_MESSAGE(!m.validation_error, m.validation_error.value_or(""));
          CHECK(m.in_place.warm_s.size() == 2);
          REQUIRE(m.e2e_pageable); // the end-to-end views copy the inputs in: in place the output, uneven's steps too
          REQUIRE(m.e2e_pinned);
          CHECK(m.e2e_pinned->warm_s.size() == 2);
        }
    }
  }
}

#if POLICYBENCH_HAVE_CUDA
TEST_CASE_TEMPLATE("a user's op on every device row: checked against the op on the host, wrong on the device alone is "
                   "invalid on every device row",
                   Op, device_fma_op, wrong_on_device_op) {
  const device_rows_fn rows = op_device_rows<Op>(); // registered by device_user_ops.cu
  REQUIRE(static_cast<bool>(rows));
  std::size_t measured = 0;
  const std::size_t n = std::min<std::size_t>(100'003, test_max_size()); // one size: the calls are the built-ins'
  for (const policy_entry& p : rows(device())) {
    if (p.unavailable) continue;
    CAPTURE(p.name);
    const measurement m = p.measure(small_config(element_type::float64, n, 1, 2));
    ++measured;
    REQUIRE(m.e2e_pinned);
    if (std::is_same_v<Op, device_fma_op>) {
      CHECK_MESSAGE(!m.validation_error, m.validation_error.value_or(""));
    } else { // the in-place view and both end-to-end views each say so
      REQUIRE(m.validation_error);
      // Element 0's input is 1: 2.5 + 2 on the device where the host has 2.5 + 1.
      CHECK(m.validation_error->starts_with("element 0 is 4.500000, expected 3.500000;"));
      CHECK(m.validation_error->find("end-to-end from pinned memory: element 0 is 4.500000, expected 3.500000") !=
            std::string::npos);
    }
  }
  CHECK(measured > 0);
}

TEST_CASE("the device ceilings are rows like the policies: timed, validated, unavailable without a device") {
  run_config cfg = small_config(element_type::float64, 1'000'003, 1, 3);
  std::vector<policy_entry> ceilings = ceiling_streams(device(), 4);
  for (const workload_id w : {workload_id::triad, workload_id::uneven, workload_id::poly})
    for (policy_entry& c : ceiling_streams(device(), 1, w)) // each measures the workload it is listed for
      if (c.device == side::device) {
        if (c.measure) c.measure = [w, measure = c.measure](run_config at) { return at.workload = w, measure(at); };
        ceilings.push_back(std::move(c));
      }
  for (const policy_entry& c : ceilings) {
    if (c.device != side::device) continue;
    CAPTURE(c.name);
    CHECK(c.role == stream_role::ceiling);
    CHECK(c.unavailable.has_value() == device().unavailable.has_value());
    if (c.unavailable) continue;
    const measurement m = c.measure(cfg);
    CHECK_FALSE(m.validation_error);
    const timed_calls& t = m.in_place;
    REQUIRE(t.kernel_s.size() == 3);
    REQUIRE(t.warm_s.size() == 3);
    CHECK(std::all_of(t.kernel_s.begin(), t.kernel_s.end(), [](double s) { return s > 0; }));
    CHECK(std::all_of(t.warm_s.begin(), t.warm_s.end(), [](double s) { return s > 0; }));
  }
}

TEST_CASE("without the stream hold every policy still validates, times each call and skips what it is told to") {
  // Past one pass of an H200's resident grid-stride grid (132 SMs x 2048 threads x 4 loads x 4 lanes), if not capped.
  run_config cfg = small_config(element_type::float32, std::min<std::size_t>(4'500'007, test_max_size()), 1, 3);
  cfg.hold_stream = false, cfg.end_to_end = false;
  for (const policy_entry& p : policies()) {
    if (p.unavailable) continue;
    CAPTURE(p.name);
    const measurement m = p.measure(cfg);
    CHECK_MESSAGE(!m.validation_error, m.validation_error.value_or(""));
    check_calls(m.in_place, cfg, p.name != "thrust::device");
    CHECK_FALSE(m.e2e_pageable);
    CHECK_FALSE(m.e2e_pinned);
  }
}
#endif

TEST_CASE("more elements than device memory holds: device_out_of_memory, and the next run is unaffected") {
  for (const policy_entry& p : policies()) {
    if (p.unavailable) continue;
    CAPTURE(p.name);
    CHECK_THROWS_AS(p.measure(small_config(element_type::float64, device().memory_bytes, 0, 1)), device_out_of_memory);
    const measurement m = p.measure(small_config(element_type::float64, 1000, 0, 1));
    CHECK_MESSAGE(!m.validation_error, m.validation_error.value_or(""));
  }
}

TEST_CASE("an unavailable device policy has a reason and no measure function") {
  for (const policy_entry& p : policies()) {
    CAPTURE(p.name);
    CHECK(p.unavailable.has_value() == !p.measure);
    if (p.unavailable) CHECK_FALSE(p.unavailable->empty());
  }
}

int main(int argc, char** argv) {
  const auto& all = policies();
  const auto available = std::find_if(all.begin(), all.end(), [](const policy_entry& p) { return !p.unavailable; });
  if (available == all.end()) {
    std::cout << "skipped: " << (all.empty() ? std::string("no device policies") : *all.front().unavailable) << '\n';
    return 77; // ctest's SKIP_RETURN_CODE for this test
  }
  doctest::Context context(argc, argv);
  const int status = context.run();
  reset_device();
  return status;
}
