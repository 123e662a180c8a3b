// Placement through the registry: every host policy validates with small pages and a serial first touch, and a
// policy's (and the ceilings') array reports the huge pages it got where the kernel's THP mode allows them.
#include <doctest/doctest.h>

#include "host_rows.hpp"
#include "machine/host_info.hpp"
#include "policies/registry.hpp"

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>

using namespace policybench;

namespace {
bool thp_allows_madvise() {
  const std::string mode = transparent_hugepage_mode();
  return mode == "always" || mode == "madvise";
}

// Minor page faults of the calling thread so far (field 10 of /proc/thread-self/stat): an anonymous 4 KiB page
// faults once, in the thread that first writes it.
std::uint64_t own_minor_faults() {
  std::ifstream in("/proc/thread-self/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::istringstream fields(text.substr(text.rfind(')') + 2)); // after "pid (comm) ": field 3 on
  std::string field;
  for (int i = 3; i <= 10; ++i)
    fields >> field;
  return std::stoull(field);
}
} // namespace

TEST_CASE("every host policy is exact with small pages and a serial first touch, and says it got no huge pages") {
  for (const std::size_t n : {std::size_t(0), std::size_t(17), std::size_t(1'000'003)}) {
    run_config cfg{element_type::float64, n, 1, {2}};
    cfg.pages = page_size::small;
    cfg.first_touch = first_touch_mode::serial;
    for (const policy_entry& p : host_rows()) {
      if (p.unavailable) continue;
      CAPTURE(p.name);
      CAPTURE(n);
      const measurement m = p.measure(cfg);
      CHECK_MESSAGE(!m.validation_error, m.validation_error.value_or(""));
      REQUIRE(m.huge_page_bytes);
      CHECK(*m.huge_page_bytes == 0);
    }
  }
}

TEST_CASE("a host policy's array and the ceilings' array get huge pages where THP allows them") {
  // 8 MiB: four whole huge pages, whatever the first toucher.
  const run_config cfg{element_type::float64, std::size_t(1) << 20, 0, {1}};
  const auto rows = host_rows();
  const auto loop = std::find_if(rows.begin(), rows.end(), [](const policy_entry& p) { return p.name == "loop"; });
  REQUIRE(loop != rows.end());
  const measurement m = loop->measure(cfg);
  REQUIRE(m.huge_page_bytes);
  CHECK(*m.huge_page_bytes <= 8u << 20);
  CHECK((*m.huge_page_bytes > 0) == thp_allows_madvise());
  for (const policy_entry& c : ceiling_streams(device_info{}, 1)) {
    if (c.device != side::host) continue;
    CAPTURE(c.name);
    const measurement cm = c.measure(cfg);
    REQUIRE(cm.huge_page_bytes);
    CHECK((*cm.huge_page_bytes > 0) == thp_allows_madvise());
  }
}

TEST_CASE("a parallel first touch faults the pages in on the policy's threads, a serial one on the caller alone") {
  // thrust::omp: OpenMP's static split gives the calling thread (thread 0) the first 1/k of the array, whatever the
  // timing, so its own faults tell who touched the rest.
  const auto rows = host_rows();
  const auto omp =
      std::find_if(rows.begin(), rows.end(), [](const policy_entry& p) { return p.name == "thrust::omp"; });
  if (std::thread::hardware_concurrency() < 2 || omp == rows.end() || omp->unavailable) return;
  const std::size_t n = std::size_t(4) << 20, pages = n * sizeof(double) / 4096; // 32 MiB of 4 KiB pages
  run_config cfg{element_type::float64, n, 0, {1}};
  cfg.pages = page_size::small;
  const auto faults_of = [&](first_touch_mode touch) {
    cfg.first_touch = touch;
    const std::uint64_t before = own_minor_faults();
    CHECK_FALSE(omp->measure(cfg).validation_error);
    return double(own_minor_faults() - before);
  };
  CHECK(faults_of(first_touch_mode::serial) >= 0.95 * double(pages));
  CHECK(faults_of(first_touch_mode::parallel) <= 0.75 * double(pages));
}
