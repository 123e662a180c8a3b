// The warnings about a row's figures: parallel policies near one thread, a ceiling that used few of its threads,
// huge pages asked for and not obtained, a run past its budget, a cache warning only for rows that ran.
#include <doctest/doctest.h>

#include "harness/host_ceiling_run.hpp"
#include "lines_containing.hpp"

#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "measure/run_config.hpp"

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

TEST_CASE("a parallel policy that held less than one CPU is called starved, not one thread") {
  const auto w = to_report(run_of({host_outcome("std::par", {1, 1}, host_threading::tbb, 0.3),
                                   host_outcome("thrust::omp", {1, 1}, host_threading::openmp, 1.1)}))
                     .warnings;
  CHECK(count_containing(w, "PARALLEL POLICIES HELD LESS THAN ONE CPU") == 1);
  CHECK(any_contains(w, "std::par (0.30)", "other work on this machine took the CPUs"));
  CHECK_FALSE(any_contains(w, "ONE THREAD", "std::par (0.30)"));
  CHECK(any_contains(w, "ONE THREAD", "thrust::omp (1.10)"));
}

TEST_CASE("a ceiling that used well under its threads may not bound, one that used them is not flagged") {
  measured_run run = run_of({});
  CHECK_FALSE(any_contains(to_report(run).warnings, "may not bound"));
  auto& ceiling = run.outcomes.front().result->in_place; // the static in-place stream: the one that bounds
  ceiling.parallelism.assign(ceiling.warm_s.size(), 1.2);
  CHECK(count_containing(to_report(run).warnings, "may not bound") == 1);
}

TEST_CASE("huge pages asked for and none obtained warns with the THP mode, --pages small does not") {
  measured_run run = run_of({host_outcome("loop", {1, 1}, host_threading::one_thread, 1)});
  CHECK_FALSE(any_contains(to_report(run).warnings, "huge pages"));
  for (auto& o : run.outcomes)
    o.result->huge_page_bytes = 0;
  run.host.transparent_hugepages = "never";
  CHECK(count_containing(to_report(run).warnings, "huge pages asked for") == 1);
  CHECK(any_contains(to_report(run).warnings, "huge pages asked for", "'never'"));
  run.config.pages = page_size::small;
  CHECK_FALSE(any_contains(to_report(run).warnings, "huge pages"));
  CHECK(to_report(run).environment.config.pages == "small");
}

TEST_CASE("a run that ended past its budget says by how much, one within it or without one says nothing") {
  measured_run run = run_of({host_outcome("loop", {1, 1}, host_threading::one_thread, 1)});
  CHECK_FALSE(any_contains(to_report(run).warnings, "time budget"));
  run.order.budget = time_budget(seconds_from_now(10), 3);
  CHECK_FALSE(any_contains(to_report(run).warnings, "time budget"));
  run.order.budget = time_budget(seconds_from_now(-0.5), 3); // within the second validation and the report may take
  CHECK_FALSE(any_contains(to_report(run).warnings, "time budget"));
  run.order.budget = time_budget(seconds_from_now(-5), 3); // a row's least calls outlasted the whole budget
  CHECK(count_containing(to_report(run).warnings, "s past its time budget of 3 s") == 1);
  run.order.budget = time_budget(seconds_from_now(-5), 0.001); // --budget 0.001 read "0.00 s"
  CHECK(count_containing(to_report(run).warnings, "s past its time budget of 0.001 s") == 1);
}

TEST_CASE("the host cache warning needs a host row that ran: a run of unavailable rows has none") {
  measured_run run = run_of({host_outcome("loop", {1, 1}, host_threading::one_thread, 1)});
  run.config.size = 1000, run.host.llc_bytes = 32u << 20; // 8 KB against a 32 MiB cache
  CHECK(any_contains(to_report(run).warnings, "host's last-level cache"));
  run.outcomes[0].result.reset();
  run.outcomes[0].unavailable = "not in this build";
  CHECK_FALSE(any_contains(to_report(run).warnings, "host's last-level cache"));
}

TEST_CASE("STREAM's 4x warning is for rows bound by memory: poly's, set against the compute ceiling, have none") {
  measured_run run = run_of({host_outcome("loop", {1, 1}, host_threading::one_thread, 1)});
  run.config.size = 1000, run.host.llc_bytes = 32u << 20;
  for (const workload_id w : {workload_id::triad, workload_id::uneven, workload_id::poly}) {
    CAPTURE(to_string(w));
    run.config.workload = w;
    CHECK(any_contains(to_report(run).warnings, "host's last-level cache") == memory_bound(shape_of(w)));
  }
}

TEST_CASE("rows mostly disturbed are named in one line with their count of disturbed calls, half is not most") {
  for (const std::size_t calls : {1u, 3u}) {
    CAPTURE(calls);
    auto outcome = host_outcome("loop", std::vector<double>(calls, 1e-3), host_threading::one_thread, 1.0);
    outcome.result->in_place.disturbed.assign(calls, true);
    const auto w = to_report(run_of({outcome})).warnings;
    CHECK(count_containing(w, "most timed calls disturbed") == 1);
    CHECK(count_containing(w, "loop (" + std::to_string(calls) + ")") == 1);
  }
  // Exactly half is not most.
  auto half = host_outcome("loop", std::vector<double>(4, 1e-3), host_threading::one_thread, 1.0);
  half.result->in_place.disturbed = {true, false, true, false};
  const auto report = to_report(run_of({half}));
  CHECK(*report.results[0].disturbed_calls == 2);
  CHECK_FALSE(*report.results[0].mostly_disturbed);
  CHECK(count_containing(report.warnings, "most timed calls disturbed") == 0);
}
