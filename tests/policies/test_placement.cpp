// Placement through the registry: every host policy validates with small pages and a serial first touch, and a
// policy's (and the ceilings') array reports the huge pages it got where the kernel's THP mode allows them.
#include <doctest/doctest.h>

#include "host_rows.hpp"
#include "machine/memory.hpp"
#include "measure/ceilings.hpp"

#include <algorithm>
#include <cstddef>
#include <string>

using namespace policybench;

namespace {
bool thp_allows_madvise() {
  const std::string mode = transparent_hugepage_mode();
  return mode == "always" || mode == "madvise";
}
} // namespace

TEST_CASE("every host policy is exact with small pages and a serial first touch, and says it got no huge pages") {
  for (const std::size_t n : {std::size_t(0), std::size_t(17), std::size_t(1'000'003)}) {
    run_config cfg{element_type::float64, n, 1, 2};
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
  const run_config cfg{element_type::float64, std::size_t(1) << 20, 0, 1};
  const auto rows = host_rows();
  const auto loop = std::find_if(rows.begin(), rows.end(), [](const policy_entry& p) { return p.name == "loop"; });
  REQUIRE(loop != rows.end());
  const measurement m = loop->measure(cfg);
  REQUIRE(m.huge_page_bytes);
  const host_ceilings c = measure_host_ceilings(cfg);
  CHECK(*m.huge_page_bytes <= 8u << 20);
  if (thp_allows_madvise()) {
    CHECK(*m.huge_page_bytes > 0);
    CHECK(c.huge_page_bytes > 0);
  } else {
    CHECK(*m.huge_page_bytes == 0);
    CHECK(c.huge_page_bytes == 0);
  }
}
