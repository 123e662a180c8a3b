// Host thread control: --threads reaches both oneTBB and OpenMP, the thread-start check, and validation that holds
// whatever threads a policy runs on (a one-thread policy is checked as strictly as a parallel one).
#include <doctest/doctest.h>

#include "measure/host_measure.hpp"

#include <stdexcept>
#include <string>

#if defined(_OPENMP)
#include <omp.h>
#endif

using namespace policybench;

TEST_CASE("host_thread_limit holds oneTBB and OpenMP to the limit while it lives, then gives the defaults back") {
  const int tbb_default = host_concurrency();
#if defined(_OPENMP)
  const int omp_default = omp_get_max_threads();
#endif
  {
    const host_thread_limit limit(1);
    CHECK(host_concurrency() == 1);
#if defined(_OPENMP)
    CHECK(omp_get_max_threads() == 1);
    int team = 0;
#pragma omp parallel
#pragma omp single
    team = omp_get_num_threads();
    CHECK(team == 1);
#endif
  }
  CHECK(host_concurrency() == tbb_default);
#if defined(_OPENMP)
  CHECK(omp_get_max_threads() == omp_default);
#endif
  CHECK_THROWS_AS(host_thread_limit(0), std::invalid_argument);
}

TEST_CASE("validation fails a wrong call on every kind of threads, one thread included") {
  // The call skips the last element: a policy that loses one element of 1000003 must not validate.
  const auto skip_last = [](increment_workload, operands<double> a, int) {
    for (std::size_t i = 0; i + 1 < a.n; ++i)
      a.out[i] += 1;
  };
  const auto exact = [](increment_workload, operands<double> a, int) {
    for (std::size_t i = 0; i < a.n; ++i)
      a.out[i] += 1;
  };
  const run_config cfg{element_type::float64, 1'000'003, 1, {2}};
  for (const host_threading t : {host_threading::one_thread, host_threading::tbb, host_threading::openmp}) {
    CAPTURE(int(t));
    auto wrong = skip_last;
    const measurement bad = measure_workload<increment_workload, double>(cfg, t, wrong);
    REQUIRE(bad.validation_error);
    CHECK(bad.validation_error->find("1000002") != std::string::npos);
    auto right = exact;
    CHECK_FALSE(measure_workload<increment_workload, double>(cfg, t, right).validation_error);
  }
}
