// The workload itself: increment on every element type, increment_all under std and Thrust policies, exact validation.
#include <doctest/doctest.h>

#include "test_sizes.hpp"

#include "measure/run_config.hpp"
#include "policybench/increment.hpp"
#include "policybench/workload.hpp"

#include <thrust/system/cpp/execution_policy.h>
#include <thrust/system/tbb/execution_policy.h>

#include <cstddef>
#include <cstdint>
#include <execution>
#include <string>
#include <vector>

using namespace policybench;

namespace {

// The increment's n starting values, i mod 1024.
template <class T> std::vector<T> starting_values(std::size_t n) {
  std::vector<T> data(n);
  for (std::size_t i = 0; i < n; ++i)
    data[i] = expected_value<T>(i, 0);
  return data;
}

// Applies increment_all under `policy` twice to n starting values and checks every element went up by exactly 2.
template <class T, class Policy> void check_increment_all(Policy&& policy, std::size_t n) {
  std::vector<T> data = starting_values<T>(n);
  increment_all(policy, data.data(), data.data() + n);
  increment_all(policy, data.data(), data.data() + n);
  const auto bad = check_output<increment_workload>(data.data(), n, 2, 1);
  CHECK_MESSAGE(!bad, bad.value_or(""));
}

} // namespace

TEST_CASE_TEMPLATE("increment adds one in the element type", T, float, double, std::int32_t, std::int64_t) {
  constexpr increment inc;
  static_assert(inc(T(41)) == T(42));
  CHECK(inc(T(0)) == T(1));
  CHECK(inc(T(-1)) == T(0));
  CHECK(inc(T(1023)) == T(1024));
  static_assert(std::is_same_v<decltype(inc(T(0))), T>);
}

TEST_CASE_TEMPLATE("increment_all increments every element under std and Thrust policies", T, float, double,
                   std::int32_t, std::int64_t) {
  for (const std::size_t n : test_sizes(false)) {
    SUBCASE(("size " + std::to_string(n)).c_str()) {
      SUBCASE("std::execution::seq") { check_increment_all<T>(std::execution::seq, n); }
      SUBCASE("std::execution::par") { check_increment_all<T>(std::execution::par, n); }
      SUBCASE("thrust::cpp::par") { check_increment_all<T>(thrust::cpp::par, n); }
      SUBCASE("thrust::tbb::par") { check_increment_all<T>(thrust::tbb::par, n); }
      SUBCASE("thrust::device (oneTBB in this build)") { check_increment_all<T>(thrust::device, n); }
    }
  }
}

TEST_CASE("the Thrust device system of the g++ build is oneTBB") {
  CHECK(std::string(thrust_device_system()) == "oneTBB");
}

TEST_CASE_TEMPLATE("expected values, fill and validation find a corrupted element", T, float, double, std::int32_t,
                   std::int64_t) {
  CHECK(expected_value<T>(0, 0) == T(0));
  CHECK(expected_value<T>(5, 3) == T(8));
  CHECK(expected_value<T>(1023, 1) == T(1024));
  CHECK(expected_value<T>(1024, 0) == T(0)); // i mod 1024
  CHECK(expected_value<T>(1030, 2) == T(8));

  const std::size_t n = 3000;
  std::vector<T> data = starting_values<T>(n);
  for (std::size_t i = 0; i < n; ++i)
    REQUIRE(data[i] == T(i % 1024));
  const auto first_wrong_after = [](const std::vector<T>& v, std::size_t count, std::uint64_t calls) {
    return first_wrong<increment_workload>(v.data(), count, calls, 1);
  };
  CHECK(first_wrong_after(data, n, 0) == n);
  CHECK(first_wrong_after(data, n, 1) == 0); // not incremented yet

  for (auto& x : data)
    x = increment{}(x);
  CHECK(first_wrong_after(data, n, 1) == n);

  // Corrupt two elements: the first one is the one reported.
  data[2049] = T(0);
  data[2500] = T(0);
  CHECK(first_wrong_after(data, n, 1) == 2049);
  // 2049 mod 1024 = 1, after one call 2.
  CHECK(check_output<increment_workload>(data.data(), n, 1, 1) ==
        "element 2049 is " + std::to_string(T(0)) + ", expected " + std::to_string(T(2)));
  CHECK(first_wrong_after(data, 2049, 1) == 2049); // the elements before it are fine

  // A skipped last element is found too.
  std::vector<T> tail = starting_values<T>(17);
  increment_all(std::execution::seq, tail.data(), tail.data() + 16);
  CHECK(first_wrong_after(tail, tail.size(), 1) == 16);
}

TEST_CASE("describe_mismatch names the element, its value and the expected value") {
  CHECK(describe_mismatch<increment_workload, std::int32_t>(12, 3, 1030, 3, 1) == "element 12 is 3, expected 15");
  CHECK(describe_mismatch<increment_workload, std::int64_t>(1025, 9, 1030, 1, 1) == "element 1025 is 9, expected 2");
  CHECK(describe_mismatch<increment_workload, std::int64_t>(1025, 9, 1030, 2, 3) == "element 1025 is 9, expected 7");
}

TEST_CASE("visit_element_type dispatches each element type to the C++ type of its size") {
  for (const auto& [t, name] : element_type_names) {
    CAPTURE(name);
    const std::size_t bytes = visit_element_type(t, []<class T>() { return sizeof(T); });
    CHECK(bytes == size_of(t));
  }
  CHECK(visit_element_type(element_type::float32, []<class T>() { return std::is_same_v<T, float>; }));
  CHECK(visit_element_type(element_type::float64, []<class T>() { return std::is_same_v<T, double>; }));
  CHECK(visit_element_type(element_type::int32, []<class T>() { return std::is_same_v<T, std::int32_t>; }));
  CHECK(visit_element_type(element_type::int64, []<class T>() { return std::is_same_v<T, std::int64_t>; }));
  CHECK(size_of(element_type::float32) == 4);
  CHECK(size_of(element_type::float64) == 8);
  CHECK(size_of(element_type::int32) == 4);
  CHECK(size_of(element_type::int64) == 8);
}

TEST_CASE("element type names round-trip and unknown names are rejected") {
  for (const auto& [t, name] : element_type_names) {
    CAPTURE(name);
    CHECK(parse_in(element_type_names, to_string(t)) == std::optional<element_type>(t));
  }
  CHECK(to_string(element_type::float32) == "float32");
  CHECK(to_string(element_type::float64) == "float64");
  CHECK(to_string(element_type::int32) == "int32");
  CHECK(to_string(element_type::int64) == "int64");
  CHECK_FALSE(parse_in(element_type_names, "float16"));
  CHECK_FALSE(parse_in(element_type_names, ""));
  CHECK_FALSE(parse_in(element_type_names, "Float32"));
  CHECK_FALSE(parse_in(element_type_names, "float"));
  static_assert(parse_in(element_type_names, "int64") == element_type::int64);
}
