// The registry: one table, names written once, loop first, every row listed with a device or without one;
// select_policies keeps registry order and answers a misspelt name with the closest one.
#include <doctest/doctest.h>

#include "policies/registry.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

using namespace policybench;

namespace {

policy_entry fake(std::string name, side device = side::host, std::optional<std::string> unavailable = {}) {
  return {std::move(name), device, "test", std::move(unavailable), {}};
}

} // namespace

TEST_CASE("the registry: unique names, loop first, an unavailable row has a reason and nothing to run") {
  const auto all = policybench::registry(query_device());
  REQUIRE_FALSE(all.empty());
  CHECK(all.front().name == "loop");
  std::set<std::string> names;
  for (const auto& p : all) {
    CAPTURE(p.name);
    CHECK(names.insert(p.name).second);
    CHECK((p.device == side::host || p.device == side::device));
    CHECK_FALSE(p.backend.empty());
    CHECK(p.unavailable.has_value() == !p.measure);
    if (p.unavailable) CHECK_FALSE(p.unavailable->empty());
  }
}

TEST_CASE("the registry lists the same rows in the same order with a device or without one") {
  // Names come from the registry itself: a policy is its row, and no list here has to learn a new one.
  device_info no_device;
  no_device.unavailable = "test: no device";
  std::vector<std::string> here, without;
  for (const auto& p : policybench::registry(query_device()))
    here.push_back(p.name);
  for (const auto& p : policybench::registry(no_device))
    without.push_back(p.name);
  CHECK(here == without);
  CHECK(std::count(here.begin(), here.end(), "thrust::device") == 1);
}

TEST_CASE("without a usable device every CUDA row is listed, unavailable with the device's reason") {
  device_info no_device;
  no_device.unavailable = "test: no device";
  for (const auto& p : policybench::registry(no_device)) {
    if (p.device != side::device) continue;
    CAPTURE(p.name);
    REQUIRE(p.unavailable);
    CHECK((*p.unavailable == "test: no device" || p.unavailable->find("without nvcc") != std::string::npos));
    CHECK_FALSE(p.measure);
  }
}

TEST_CASE("select_policies picks by name in registry order and refuses unknown names") {
  const std::vector<policy_entry> registry{fake("loop"), fake("std::par"), fake("thrust::omp", side::host, "no OpenMP"),
                                           fake("cuda::kernel", side::device, "no nvcc")};
  SUBCASE("no names: every entry, unavailable ones kept to be reported") {
    const auto selected = select_policies(registry, {});
    REQUIRE(selected.size() == 4);
    CHECK(selected[0].name == "loop");
    CHECK(selected[2].unavailable == "no OpenMP");
    CHECK(selected[3].name == "cuda::kernel");
  }
  SUBCASE("named entries in registry order, unavailable ones kept to be reported") {
    const auto selected = select_policies(registry, {"cuda::kernel", "loop"});
    REQUIRE(selected.size() == 2);
    CHECK(selected[0].name == "loop");
    CHECK(selected[1].name == "cuda::kernel");
  }
  SUBCASE("an unknown name lists the valid ones and the closest") {
    std::string message;
    try {
      select_policies(registry, {"loop", "std::parallel"});
    } catch (const unknown_policy& e) {
      message = e.what();
    }
    CAPTURE(message);
    CHECK(message.find("std::parallel") != std::string::npos);
    for (const char* name : {"loop", "std::par", "thrust::omp", "cuda::kernel"})
      CHECK(message.find(name) != std::string::npos);
    CHECK(message.find("did you mean 'std::par'?") != std::string::npos);
  }
  SUBCASE("no suggestion for a name unlike every entry") {
    CHECK_THROWS_WITH_AS(select_policies(registry, {"quicksort"}),
                         "unknown policy 'quicksort'; valid names: loop, std::par, thrust::omp, cuda::kernel",
                         unknown_policy);
  }
  SUBCASE("a name without its backend suggests every backend's row, not the nearest other policy") {
    const auto real = policybench::registry(query_device());
    CHECK_THROWS_WITH_AS(select_policies(real, {"oneapi::dpl::par"}),
                         doctest::Contains("did you mean 'oneapi::dpl::par@tbb' or 'oneapi::dpl::par@omp'? "),
                         unknown_policy);
  }
  SUBCASE("the real registry: no names select every policy of the build, GPU ones included") {
    const auto registry = policybench::registry(query_device());
    const auto selected = select_policies(registry, {});
    CHECK(selected.size() == registry.size());
    CHECK(std::any_of(selected.begin(), selected.end(), [](const auto& p) { return p.name == "cuda::kernel"; }));
  }
}
