// Every host policy, every element type, sizes 0..17 and two large sizes: exact results and the expected timings;
// the registry's names, the PSTL backend guard, the host ceilings and the --threads limit.
#include <doctest/doctest.h>

#include "test_sizes.hpp"

#include "host_rows.hpp"
#include "machine/host_info.hpp"
#include "measure/counted_calls.hpp"
#include "measure/ceilings.hpp"
#include "measure/host_threads.hpp"
#include "policybench/backend/std.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using namespace policybench;

namespace {

const std::vector<policy_entry>& policies() {
  static const std::vector<policy_entry> all = host_rows();
  return all;
}

} // namespace

TEST_CASE_TEMPLATE("every available host policy increments every element exactly", T, float, double, std::int32_t,
                   std::int64_t) {
  for (const std::size_t n : test_sizes(true)) {
    SUBCASE(("size " + std::to_string(n)).c_str()) {
      run_config cfg{element_type_of<T>, n, 1, 2};
      cfg.keep_disturbed = true; // exactly 2 timed calls, however busy the test machine
      for (const policy_entry& p : policies()) {
        if (p.unavailable) continue;
        CAPTURE(p.name);
        CHECK(p.device == "host");
        const measurement m = p.measure(cfg);
        CHECK_MESSAGE(!m.validation_error, m.validation_error.value_or(""));
        CHECK(m.in_place.warm_s.size() == std::size_t(cfg.reps));
        CHECK(m.in_place.calls == 1 + 1 + 2); // cold + warm-up + timed: what validation counted
        CHECK(m.in_place.kernel_s.empty());
        CHECK_FALSE(m.e2e_pageable);
        CHECK_FALSE(m.e2e_pinned);
      }
    }
  }
}

TEST_CASE("the host rows: each name once, loop first, available or with a reason") {
  const auto& all = policies();
  REQUIRE_FALSE(all.empty());
  CHECK(all.front().name == "loop");
  CHECK_FALSE(all.front().unavailable);
  std::set<std::string> names;
  for (const policy_entry& p : all) {
    CAPTURE(p.name);
    CHECK(names.insert(p.name).second);
    CHECK(p.device == "host");
    CHECK_FALSE(p.backend.empty());
    CHECK(p.unavailable.has_value() == !p.measure);
    if (p.unavailable) CHECK_FALSE(p.unavailable->empty());
  }
  // thrust::device is a host row only where Thrust's device system is oneTBB (no nvcc).
  CHECK(names.count("thrust::device") == !POLICYBENCH_HAVE_CUDA);
}

TEST_CASE("std::par runs on oneTBB in this build, not silently serial") {
  CHECK(std::string(pstl_backend()) == "oneTBB");
}

TEST_CASE("thrust::omp is available when OpenMP was found") {
  const auto omp =
      std::find_if(policies().begin(), policies().end(), [](const policy_entry& p) { return p.name == "thrust::omp"; });
  REQUIRE(omp != policies().end());
#if defined(_OPENMP)
  CHECK_FALSE(omp->unavailable);
#endif
  CHECK(omp->unavailable.has_value() == !query_host().openmp);
}

TEST_CASE("the host ceilings time reps calls each, copy and scale move half the in-place bytes") {
  run_config cfg{element_type::float64, 1'000'003, 1, 3};
  cfg.keep_disturbed = true;
  const host_ceilings c = measure_host_ceilings(cfg);
  for (const timed_calls* t : {&c.in_place, &c.in_place_dynamic, &c.copy, &c.scale}) {
    REQUIRE(t->warm_s.size() == 3);
    CHECK(std::all_of(t->warm_s.begin(), t->warm_s.end(), [](double s) { return s > 0; }));
    CHECK(t->cold_s > 0);
    CHECK(t->kernel_s.empty());
    CHECK(effective_parallelism(*t, false) > 0);
  }
  // Each thread's chunk loses at most one element to an odd length: 16 bytes per thread.
  CHECK(c.copy_bytes_per_call <= cfg.bytes_per_call() / 2);
  CHECK(c.copy_bytes_per_call >= cfg.bytes_per_call() / 2 - 16.0 * host_concurrency());
}

TEST_CASE("THE host ceiling is the in-place stream with the fastest call, whichever split it used") {
  host_ceilings c;
  c.in_place.warm_s = {2.0, 1.0, 3.0};         // best 1.0, median 2
  c.in_place_dynamic.warm_s = {1.5, 9.0, 0.9}; // best 0.9, though its median is 1.5 and its worst the slowest
  CHECK(&in_place_ceiling(c) == &c.in_place_dynamic);
  CHECK(best_call_s(c.in_place_dynamic) == 0.9);
  c.in_place_dynamic.warm_s = {1.1, 1.2, 1.3}; // a better median, a slower best
  CHECK(&in_place_ceiling(c) == &c.in_place);
  c.in_place_dynamic.warm_s.clear(); // not measured: the static split alone
  CHECK(&in_place_ceiling(c) == &c.in_place);
}

TEST_CASE("the oneDPL rows are available when CMake built their libraries") {
  for (const policy_entry& p : policies()) {
    if (p.name.rfind("oneapi::dpl::", 0) != 0) continue;
    CAPTURE(p.name);
    const bool built = p.name.ends_with("@omp") ? POLICYBENCH_HAVE_ONEDPL_OPENMP : POLICYBENCH_HAVE_ONEDPL_TBB;
    CHECK(p.unavailable.has_value() == !built);
  }
}

TEST_CASE("host_thread_limit limits oneTBB while it lives") {
  const int unlimited = host_concurrency();
  CHECK(unlimited >= 1);
  {
    const host_thread_limit one(1);
    CHECK(host_concurrency() == 1);
    // A parallel policy still gives exact results under the limit.
    const auto par =
        std::find_if(policies().begin(), policies().end(), [](const policy_entry& p) { return p.name == "std::par"; });
    REQUIRE(par != policies().end());
    CHECK_FALSE(par->measure(run_config{element_type::int32, 100'003, 1, 1}).validation_error);
  }
  CHECK(host_concurrency() == unlimited);
  {
    const host_thread_limit none(std::nullopt);
    CHECK(host_concurrency() == unlimited);
  }
  CHECK_THROWS_AS(host_thread_limit(0), std::invalid_argument);
  CHECK_THROWS_AS(host_thread_limit(-3), std::invalid_argument);
}
