// The memory check: a run that cannot fit is refused before anything is allocated, naming the bytes.
#include <doctest/doctest.h>

#include "harness/run.hpp"

#include <optional>
#include <string>
#include <vector>

using namespace policybench;

namespace {

policy_entry fake(std::string name, side device = side::host, std::optional<std::string> unavailable = {}) {
  return {std::move(name), device, "test", std::move(unavailable), {}};
}

// The insufficient_memory message `f` throws, or "" when it returns.
template <class F> std::string memory_message(F f) {
  try {
    f();
  } catch (const insufficient_memory& e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST_CASE("check_memory refuses a run that cannot fit, naming the bytes") {
  const std::vector<policy_entry> selected{fake("loop")};
  const device_info no_device;
  for (const auto& [t, name] : element_type_names) {
    CAPTURE(name);
    run_config cfg;
    cfg.type = t;
    cfg.size = std::size_t(1) << 62;
    const std::string message = memory_message([&] { check_memory(cfg, selected, no_device); });
    CAPTURE(message);
    CHECK(message.find("bytes") != std::string::npos);
  }
  run_config cfg{element_type::int32, std::size_t(1) << 45, 0, {1}}; // 128 TiB per array: no host has that
  CHECK(memory_message([&] { check_memory(cfg, selected, no_device); }).find("bytes") != std::string::npos);
  CHECK_NOTHROW(check_memory(run_config{element_type::float64, 1000, 0, {1}}, selected, no_device));
}

TEST_CASE("memory_shortfall counts one host array: a run holds one at a time") {
  const memory_limits host{20'000, std::nullopt, ""};
  CHECK_FALSE(memory_shortfall(2000, 8, host)); // 16000 bytes: one array fits, two would not
  const auto refused = memory_shortfall(3000, 8, host);
  REQUIRE(refused);
  CHECK(*refused ==
        "3000 elements need 24000 bytes of host memory (one array), only 20000 are available (MemAvailable)");
  const memory_limits cgroup{20'000, std::nullopt, "", "its cgroup's memory limit, /sys/fs/cgroup/job/memory.max"};
  CHECK(memory_shortfall(3000, 8, cgroup)->ends_with("(its cgroup's memory limit, /sys/fs/cgroup/job/memory.max)"));
  const memory_limits device{0, 20'000, "test gpu"};
  const auto on_device = memory_shortfall(2000, 8, device); // the copy ceiling's two arrays: 32000 bytes
  REQUIRE(on_device);
  CHECK(on_device->find("32000 bytes of device memory (two arrays") != std::string::npos);
}

TEST_CASE("check_memory counts device memory only when a device policy is selected") {
  device_info small;
  small.name = "test device";
  small.free_memory_bytes = 1000;
  const run_config cfg{element_type::float64, 1000, 0, {1}}; // 16000 bytes for two arrays
  CHECK_NOTHROW(check_memory(cfg, {fake("loop")}, small));
  CHECK_NOTHROW(check_memory(cfg, {fake("cuda::kernel", side::device, "no nvcc")}, small));
  const std::string message = memory_message([&] { check_memory(cfg, {fake("cuda::kernel", side::device)}, small); });
  CAPTURE(message);
  CHECK(message.find("16000 bytes") != std::string::npos);
  CHECK(message.find("device memory") != std::string::npos);
}
