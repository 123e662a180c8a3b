// Every host policy, every element type, sizes 0..17 and two large sizes: exact results and the expected timings;
// the registry's names, the PSTL backend guard, the host ceilings and the --threads limit.
#include <doctest/doctest.h>

#include "test_sizes.hpp"

#include "host_rows.hpp"
#include "machine/host_info.hpp"
#include "measure/host_measure.hpp"
#include "measure/timing.hpp"
#include "policies/registry.hpp"
#include "policybench/backend/std.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
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
        CHECK(p.device == side::host);
        const measurement m = p.measure(cfg);
        CHECK_MESSAGE(!m.validation_error, m.validation_error.value_or(""));
        CHECK(m.in_place.warm_s.size() == std::size_t(cfg.stop.reps));
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
    CHECK(p.device == side::host);
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

TEST_CASE("the host ceilings are streams like the policies: timed, validated, copy and scale at half the bytes") {
  run_config cfg{element_type::float64, 1'000'003, 1, {3}};
  cfg.keep_disturbed = true;
  std::size_t host_ceilings = 0;
  for (const policy_entry& c : ceiling_streams(device_info{}, 1)) {
    if (c.device != side::host) continue;
    CAPTURE(c.name);
    ++host_ceilings;
    CHECK(c.role == stream_role::ceiling);
    const measurement m = c.measure(cfg);
    const timed_calls& t = m.in_place;
    REQUIRE(t.warm_s.size() == 3);
    CHECK(std::all_of(t.warm_s.begin(), t.warm_s.end(), [](double s) { return s > 0; }));
    CHECK(t.cold_s > 0);
    CHECK(effective_parallelism(t, false) > 0);
    CHECK_FALSE(m.validation_error);
    if (c.bound == ceiling_bound::bandwidth) CHECK_FALSE(m.bytes_per_call); // the policies' own bytes
    if (c.bound != ceiling_bound::none) continue;
    // Each thread's chunk loses at most one element to an odd length: 16 bytes per thread.
    REQUIRE(m.bytes_per_call);
    CHECK(*m.bytes_per_call <= cfg.bytes_per_call() / 2);
    CHECK(*m.bytes_per_call >= cfg.bytes_per_call() / 2 - 16.0 * host_concurrency());
  }
  CHECK(host_ceilings == 6); // in place four ways, STREAM copy and scale; the FMA kernel only at K > 1
  CHECK(ceiling_streams(device_info{}, 4).size() == ceiling_streams(device_info{}, 1).size() + 2);
}

TEST_CASE("every threading a parallel host policy runs on streams an in-place ceiling too") {
  // The loop compiles alike in every row; a schedule no ceiling has let the PSTL on oneTBB read 110-117 % (issue 36).
  const run_config cfg{element_type::float64, 1'000'003, 0, 1};
  std::set<host_threading> bounded;
  for (const policy_entry& c : ceiling_streams(device_info{}, 1))
    if (c.device == side::host && c.bound == ceiling_bound::bandwidth) bounded.insert(*c.measure(cfg).host_threads);
  for (const policy_entry& p : policies()) {
    if (p.device != side::host || p.unavailable) continue;
    CAPTURE(p.name);
    const std::optional<host_threading> threads = p.measure(cfg).host_threads;
    REQUIRE(threads);
    if (*threads != host_threading::one_thread) CHECK(bounded.count(*threads) == 1);
  }
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
    CHECK_FALSE(par->measure(run_config{element_type::int32, 100'003, 1, {1}}).validation_error);
  }
  CHECK(host_concurrency() == unlimited);
  {
    const host_thread_limit none(std::nullopt);
    CHECK(host_concurrency() == unlimited);
  }
  CHECK_THROWS_AS(host_thread_limit(0), std::invalid_argument);
  CHECK_THROWS_AS(host_thread_limit(-3), std::invalid_argument);
}

TEST_CASE("the rows the harness's rules single out by name are in the registry and its ceilings") {
  // registry.cpp builds the ceilings' names from a table of schedules: the rules' constants must still name one.
  const auto named = [](const std::vector<policy_entry>& rows, std::string_view name) {
    return std::find_if(rows.begin(), rows.end(), [&](const policy_entry& p) { return p.name == name; });
  };
  const std::vector<policy_entry> rows = policies(), ceilings = ceiling_streams(device_info{}, 1);
  CHECK(named(rows, baseline_policy) != rows.end());
  CHECK(named(rows, challenger_policy) != rows.end());
  const auto one_thread = named(ceilings, one_thread_ceiling);
  REQUIRE(one_thread != ceilings.end());
  CHECK(one_thread->bound == ceiling_bound::bandwidth);
  CHECK(*one_thread->measure(run_config{element_type::float64, 1000, 0, {1}}).host_threads ==
        host_threading::one_thread);
}
