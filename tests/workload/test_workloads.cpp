// The built-in workloads through the one call: every host row runs each one and validates it, each workload's check
// catches a planted wrong element, and the bytes a call moves follow the workload's inputs.
#include <doctest/doctest.h>

#include "harness/run.hpp"
#include "host_rows.hpp"
#include "machine/host_info.hpp"
#include "measure/run_config.hpp"
#include "policies/policy_rows.hpp"
#include "policybench/workload.hpp"

#include <cstddef>
#include <string>
#include <vector>

using namespace policybench;

namespace {

constexpr workload_id all_workloads[] = {workload_id::increment, workload_id::triad, workload_id::uneven,
                                         workload_id::poly};

// W's arrays of n elements with their starting values, after `calls` plain-loop calls at K = work; the output.
template <class W, class T> std::vector<T> after_calls(std::size_t n, int calls, int work) {
  std::vector<T> out(n), in(n), in2(n);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = W::template initial<T>(0, i, n, work), in[i] = W::template initial<T>(1, i, n, work),
    in2[i] = W::template initial<T>(2, i, n, work);
  const operands<T> a{out.data(), W::in_place ? out.data() : in.data(), W::inputs == 2 ? in2.data() : nullptr, n};
  for (int c = 0; c < calls; ++c)
    run_workload<W>(loop_policy{}, a, work);
  return out;
}

} // namespace

TEST_CASE_TEMPLATE("each workload's check passes its own result and catches a planted wrong element", T, float,
                   double) {
  for (const workload_id id : all_workloads) {
    visit_workload(id, [](auto w) {
      using W = decltype(w);
      // Every built-in workload here: the if spares one_input_op, which runs on no T and has no check of its own.
      if constexpr (W::template supports<T>) {
        CAPTURE(W::name);
        const std::size_t n = 10'007; // the check counts blocks of 4096: two and a part
        const std::vector<T> right = after_calls<W, T>(n, 3, 2);
        CHECK_FALSE(check_output<W>(right.data(), n, 3, 2));
        // Wrong elements: 1 off in the closed forms (or at 0), a thousandth off against the formula's tolerance; the
        // first one is reported, in the first block, a later one, or the last element of the part block.
        for (const std::vector<std::size_t>& planted :
             {std::vector<std::size_t>{700, 9000}, {4096, 9000}, {8191, 8192}, {n - 1}}) {
          std::vector<T> out = right;
          for (const std::size_t i : planted)
            out[i] = W::exact || out[i] == T(0) ? out[i] + T(1) : out[i] * T(1.001); // triad's a[4096] is 0
          const auto error = check_output<W>(out.data(), n, 3, 2);
          REQUIRE(error);
          CHECK(error->starts_with("element " + std::to_string(planted.front()) + " is "));
        }
      }
    });
  }
}

TEST_CASE("a call's bytes follow the workload's inputs, STREAM's counting: each input read, the output written") {
  run_config cfg{element_type::float64, 1000, 1, {1}};
  CHECK(cfg.bytes_per_call() == 1000 * 2 * 8); // increment: a read and written
  cfg.workload = workload_id::triad;
  CHECK(cfg.bytes_per_call() == 1000 * 3 * 8); // b and c read, a written: no write-allocate credit
  cfg.workload = workload_id::uneven;
  CHECK(cfg.bytes_per_call() == 1000 * 3 * 8); // a and the step counts read, a written
  cfg.workload = workload_id::poly, cfg.type = element_type::float32;
  CHECK(cfg.bytes_per_call() == 1000 * 2 * 4);
}

TEST_CASE("uneven work grows across the array: the last element costs 8K + 1 steps, the first one") {
  CHECK(uneven_workload::steps(0, 1000, 4) == 1);
  CHECK(uneven_workload::steps(999, 1000, 4) == 32);
  CHECK(uneven_workload::steps(500, 1000, 4) == 17);
}

// 8 FLOPs a byte: 2x past the ridge point where a host's FMA GFLOP/s are up to 4x its GB/s (README: Workloads).
TEST_CASE_TEMPLATE("poly is compute-bound with a margin, its values bounded and within its tolerance of the exact sum",
                   T, float, double) {
  CHECK(poly_workload::flops_per_element(1) / stream_bytes_per_element(poly_workload::inputs, sizeof(double)) >= 8);
  for (std::size_t i = 0; i < 1024; ++i) {
    const T x = poly_workload::initial<T>(1, i, 1024, 1), y = poly_workload::op<T>{}(x);
    long double exact = 0, term = 1; // the sum of (-x/2)^k, k <= degree, in long double
    for (int k = 0; k <= poly_workload::degree; ++k, term *= -0.5L * x)
      exact += term;
    CAPTURE(x);
    CHECK((y > T(2) / 3 && y <= T(1)));
    CHECK(close_enough<poly_workload>(y, T(exact)));
  }
}

TEST_CASE("every host row runs every built-in workload through its one call, validated") {
  for (const workload_id id : all_workloads)
    for (const element_type t : {element_type::float32, element_type::float64}) {
      run_config cfg{t, 4099, 1, {2}};
      cfg.keep_disturbed = true, cfg.workload = id, cfg.work = 3;
      for (const policy_entry& p : host_rows()) {
        if (p.unavailable) continue;
        INFO(p.name, " ", to_string(id), " ", to_string(t));
        const measurement m = p.measure(cfg);
        CHECK_MESSAGE(!m.validation_error, m.validation_error.value_or(""));
        CHECK(m.in_place.calls == 1 + 1 + 2);
      }
    }
}

TEST_CASE("a workload that does not run on an element type is refused, not run") {
  run_config cfg{element_type::int32, 100, 0, {1}};
  cfg.workload = workload_id::triad;
  const policy_entry loop = host_rows().front(); // a copy: host_rows() returns its rows by value
  CHECK_THROWS_AS(loop.measure(cfg), std::invalid_argument);
}

TEST_CASE("a device row runs every workload, with the device ceilings of the workload's shape") {
  device_info available;
  available.unavailable.reset();
  static std::vector<workload_id> asked; // a device row's measure is a plain function: no capture
  asked.clear();
  const policy_entry row = device_entry(
      "fake", "test",
      [](const run_config& cfg) {
        asked.push_back(cfg.workload);
        measurement m;
        m.in_place.warm_s = {1e-3};
        return m;
      },
      available);
  run_config cfg{element_type::float64, 100, 0, {1}};
  for (const workload_id w : {workload_id::triad, workload_id::uneven, workload_id::poly}) {
    cfg.workload = w;
    CHECK(run_policies(cfg, std::nullopt, query_host(), available, {row}, {}).outcomes[0].result);
  }
  CHECK(asked == std::vector{workload_id::triad, workload_id::uneven, workload_id::poly});
  // Which device ceilings each runs (unavailable without device code in a host build, but listed): the in-place
  // kernel for the increment and uneven work, the triad's for the triad, the FMA kernel for poly.
  const auto device_ceilings = [&](workload_id w) {
    std::vector<std::string> names;
    for (const policy_entry& c : ceiling_streams(available, 1, w))
      if (c.device == side::device) names.push_back(c.name);
    return names;
  };
  CHECK(device_ceilings(workload_id::increment) == std::vector<std::string>{"device in place", "device D2D copy"});
  CHECK(device_ceilings(workload_id::uneven) == std::vector<std::string>{"device in place"});
  CHECK(device_ceilings(workload_id::triad) == std::vector<std::string>{"device triad"});
  CHECK(device_ceilings(workload_id::poly) == std::vector<std::string>{"device FMA chains"});
}
