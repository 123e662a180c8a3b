// The points of a sweep: the geometric size series, its bounds and memory cap, thread counts, K. Pure functions on
// made-up limits: nothing here depends on this machine.
#include <doctest/doctest.h>

#include "harness/sweep.hpp"

#include <cstdint>
#include <vector>

using namespace policybench;

TEST_CASE("the default series runs 10^3..10^9 in steps of sqrt(10), rounded to whole elements") {
  const auto s = plan_size_series(1'000, 1'000'000'000, 8, memory_limits{});
  const std::vector<std::uint64_t> expected{1000,    3162,     10000,    31623,     100000,    316228,    1000000,
                                            3162278, 10000000, 31622777, 100000000, 316227766, 1000000000};
  CHECK(s.values == expected);
  CHECK(s.stop_reason == "reached --max-size 1000000000");
}

TEST_CASE("--min-size and --max-size bound the series, the maximum is kept only when it is on it") {
  CHECK(plan_size_series(1000, 10000, 8, {}).values == std::vector<std::uint64_t>{1000, 3162, 10000});
  CHECK(plan_size_series(1000, 9999, 8, {}).values == std::vector<std::uint64_t>{1000, 3162});
  CHECK(plan_size_series(5000, 5000, 8, {}).values == std::vector<std::uint64_t>{5000});
  CHECK(plan_size_series(1, 100, 4, {}).values == std::vector<std::uint64_t>{1, 3, 10, 32, 100});
}

TEST_CASE("the series stops before the first size that does not fit (one host array, two device), and says why") {
  SUBCASE("host memory") {
    // 10^6 float64 elements are one 8 MB array (two would not fit in 10 MB); 3162278 need 25 MB.
    const auto s = plan_size_series(1000, 1'000'000'000, 8, memory_limits{10'000'000, std::nullopt, ""});
    CHECK(s.values.back() == 1000000);
    CHECK(s.stop_reason.find("3162278 elements need 25298224 bytes of host memory (one array)") != std::string::npos);
  }
  SUBCASE("device memory, when a device policy runs") {
    const auto s = plan_size_series(1000, 1'000'000'000, 4, memory_limits{0, 1'000'000, "test gpu"});
    CHECK(s.values.back() == 100000); // 800 kB; 316228 x 4 x 2 = 2.5 MB does not fit
    CHECK(s.stop_reason.find("device memory") != std::string::npos);
    CHECK(s.stop_reason.find("test gpu") != std::string::npos);
  }
  SUBCASE("not even the first size fits") {
    const auto s = plan_size_series(1000, 10000, 8, memory_limits{100, std::nullopt, ""});
    CHECK(s.values.empty());
    CHECK(s.stop_reason.find("host memory") != std::string::npos);
  }
  SUBCASE("an unbounded maximum stops at the address space, not with an overflow") {
    const auto s = plan_size_series(1, UINT64_MAX, 8, {});
    CHECK(s.values.back() < UINT64_MAX / 8);
    CHECK(s.stop_reason.find("address space") != std::string::npos);
  }
}

TEST_CASE("thread counts: powers of two below the logical cores, then the cores") {
  CHECK(thread_series(1) == std::vector<int>{1});
  CHECK(thread_series(2) == std::vector<int>{1, 2});
  CHECK(thread_series(6) == std::vector<int>{1, 2, 4, 6});
  CHECK(thread_series(8) == std::vector<int>{1, 2, 4, 8});
  CHECK(thread_series(0) == std::vector<int>{1});
}

TEST_CASE("K for a work sweep: --min-work, the powers of two above it, then --max-work") {
  CHECK(work_series(1, 1024) == std::vector<int>{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024});
  CHECK(work_series(3, 20) == std::vector<int>{3, 4, 8, 16, 20});
  CHECK(work_series(8, 8) == std::vector<int>{8});
}

TEST_CASE("each sweep axis applies its value to its own field of a point, and to no other") {
  for (const sweep_axis& axis : sweep_axes()) {
    CAPTURE(axis.name);
    CHECK(axis.name == name_in(sweep_kind_names, axis.kind)); // --sweep's word is the axis' name
    CHECK(&axis_of(axis.kind) == &axis);
    const point_config before{.run = run_config{.size = 5, .work = 3}, .threads = 2};
    point_config point = before;
    axis.apply(point, 7);
    CHECK(point.run.size == (axis.kind == sweep_kind::size ? 7 : before.run.size));
    CHECK(point.threads == (axis.kind == sweep_kind::threads ? 7 : before.threads));
    CHECK(point.run.work == (axis.kind == sweep_kind::work ? 7 : before.run.work));
  }
}
