// The warnings of a hand-built run's report: noise, cache-sized arrays, a serial PSTL, failures and invalid results.
#include <doctest/doctest.h>

#include "lines_containing.hpp"
#include "report/synthetic_run.hpp"

#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "report/report.hpp"

#include <string>
#include <vector>

using namespace policybench;

TEST_CASE("run_warnings flags noise, cache-sized arrays, a serial PSTL, failures and invalid results") {
  measured_run run = synthetic_run();
  SUBCASE("a quiet, large, parallel run has only the failure warnings") {
    run.host.llc_bytes = 1000; // the array is 8000 bytes: >= 4x
    const auto w = to_report(run).warnings;
    CHECK(any_contains(w, "broken", "out of memory"));
    CHECK(any_contains(w, "wrong", "element 3 is 4, expected 5"));
    CHECK_FALSE(any_contains(w, "cache"));
    CHECK_FALSE(any_contains(w, "SERIALLY"));
    CHECK_FALSE(any_contains(w, "vary"));
    CHECK(w.size() == 2);
    CHECK(to_json(to_report(run))["warnings"].size() == 2);
  }
  SUBCASE("a device ceiling that failed keeps its CUDA text, as a failed row does") {
    run.outcomes.push_back({{.name = "device in place",
                             .device = side::device,
                             .backend = "test",
                             .unavailable = std::nullopt,
                             .measure = {},
                             .role = stream_role::ceiling,
                             .bound = ceiling_bound::bandwidth},
                            "cudaMemcpyAsync(...): cudaErrorLaunchFailure: unspecified launch failure",
                            std::nullopt});
    CHECK(any_contains(to_report(run).warnings,
                       "failed: ", "device in place (cudaMemcpyAsync(...): cudaErrorLaunchFailure"));
  }
  SUBCASE("a noisy sample names its policy") {
    run.outcomes.push_back(ran("noisy", {1.0, 1.2, 0.8}));
    const auto w = to_report(run).warnings;
    CHECK(any_contains(w, "noisy", "cv"));
    CHECK_FALSE(any_contains(w, "fast:"));
  }
  SUBCASE("one line per kind, naming each row: many noisy or failed rows make one line each") {
    run.outcomes.push_back(ran("noisy", {1.0, 1.2, 0.8}));
    run.outcomes.push_back(ran("noisier", {1.0, 1.5, 0.5}));
    run.outcomes.push_back({{"broken too", side::host, "test backend", std::nullopt, {}}, "no threads", std::nullopt});
    const auto w = to_report(run).warnings;
    CHECK(count_containing(w, "warm times vary") == 1);
    CHECK(any_contains(w, "warm times vary (cv > 5.0%): noisy 20.0%, noisier 50.0%", "quieter machine"));
    CHECK(count_containing(w, "failed: ") == 1);
    CHECK(any_contains(w, "failed: broken (out of memory), broken too (no threads)"));
  }
  SUBCASE("an array under 4x the last-level cache warns, one at 4x does not") {
    run.host.llc_bytes = 2001; // 4x = 8004 > 8000 bytes
    CHECK(any_contains(to_report(run).warnings, "last-level cache", "8000 bytes"));
    run.host.llc_bytes = 2000; // 4x = 8000: not smaller
    CHECK_FALSE(any_contains(to_report(run).warnings, "cache"));
    run.host.llc_bytes = 0; // unknown cache: no warning
    CHECK_FALSE(any_contains(to_report(run).warnings, "cache"));
  }
  SUBCASE("a serial PSTL backend says std::par runs SERIALLY") {
    run.host.pstl_backend = "serial";
    CHECK(any_contains(to_report(run).warnings, "std::par", "SERIALLY"));
  }
}
