// The warnings about a row's figures: parallel policies near one thread, a ceiling that used few of its threads,
// huge pages asked for and not obtained.
#include <doctest/doctest.h>

#include "harness/host_ceiling_run.hpp"
#include "lines_containing.hpp"

#include "harness/run.hpp"

#include <string>
#include <vector>

using namespace policybench;

TEST_CASE("a parallel policy near one thread warns loudly, once for all such rows, a sequential one does not") {
  const auto w = to_report(run_of({host_outcome("loop", {1, 1}, host_threading::one_thread, 1.0),
                                   host_outcome("std::par", {1, 1}, host_threading::tbb, 1.1),
                                   host_outcome("thrust::omp", {1, 1}, host_threading::openmp, 1.2),
                                   host_outcome("std::par_unseq", {1, 1}, host_threading::tbb, 1.9)}))
                     .warnings;
  CHECK(count_containing(w, "PARALLEL POLICIES RAN ON ABOUT ONE THREAD") == 1);
  CHECK(any_contains(w, "std::par (1.10)", "thrust::omp (1.20)"));
  CHECK_FALSE(any_contains(w, "loop ("));
  CHECK_FALSE(any_contains(w, "std::par_unseq ("));
  measured_run small = run_of({host_outcome("std::par", {1, 1}, host_threading::tbb, 1.0)});
  small.config.size = 100'000; // 1.6 MB per call: under parallel_work_floor_bytes, waking threads may dominate
  CHECK_FALSE(any_contains(to_report(small).warnings, "ONE THREAD"));
  measured_run one_thread = run_of({host_outcome("std::par", {1, 1}, host_threading::tbb, 1.0)});
  one_thread.host_concurrency = 1; // --threads 1: one thread is all it may use
  CHECK_FALSE(any_contains(to_report(one_thread).warnings, "ONE THREAD"));
}

TEST_CASE("a ceiling that used well under its threads may not bound, one that used them is not flagged") {
  measured_run run = run_of({});
  CHECK_FALSE(any_contains(to_report(run).warnings, "may not bound"));
  run.host_ceiling->in_place.parallelism.assign(run.host_ceiling->in_place.warm_s.size(), 1.2);
  CHECK(count_containing(to_report(run).warnings, "may not bound") == 1);
}

TEST_CASE("huge pages asked for and none obtained warns with the THP mode, --pages small does not") {
  measured_run run = run_of({host_outcome("loop", {1, 1}, host_threading::one_thread, 1)});
  CHECK_FALSE(any_contains(to_report(run).warnings, "huge pages"));
  run.host_ceiling->huge_page_bytes = 0;
  run.outcomes[0].result->huge_page_bytes = 0;
  run.host.transparent_hugepages = "never";
  CHECK(count_containing(to_report(run).warnings, "huge pages asked for") == 1);
  CHECK(any_contains(to_report(run).warnings, "huge pages asked for", "'never'"));
  run.config.pages = page_size::small;
  CHECK_FALSE(any_contains(to_report(run).warnings, "huge pages"));
  CHECK(to_report(run).environment.config.pages == "small");
}
