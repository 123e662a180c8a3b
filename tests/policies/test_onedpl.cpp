// oneDPL's two backends in one program: each row's calls run on its own runtime's threads (OpenMP's team, oneTBB's
// arena), never the other's, obey --threads, the backend column names what the library compiled, and the row places
// and judges its calls by that backend's threads.
#include <doctest/doctest.h>

#include "measure/host_measure.hpp"
#include "policies/onedpl_library.hpp"
#include "policies/registry.hpp"

#include <oneapi/tbb/task_arena.h>
#if defined(_OPENMP)
#include <omp.h>
#endif

#include <pthread.h>

#include <cstddef>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace policybench;

// The census tests, where oneDPL was found (oneDPL on OpenMP is built only beside oneDPL on oneTBB).
#if POLICYBENCH_HAVE_ONEDPL_TBB
namespace {

bool in_openmp_region() {
#if defined(_OPENMP)
  return omp_in_parallel();
#else
  return false;
#endif
}

// The thread that calls the algorithm in each test.
pthread_t caller;

// Who runs a call, as bits: 1 inside an OpenMP parallel region, 2 a oneTBB worker (the caller keeps slot 0 of the
// implicit arena once it has used oneTBB; workers take the others), 4 the calling thread.
int who_runs() {
  const bool tbb_worker = tbb::this_task_arena::current_thread_index() > 0;
  return (in_openmp_region() ? 1 : 0) | (tbb_worker ? 2 : 0) | (pthread_equal(pthread_self(), caller) ? 4 : 0);
}

// oneTBB's slot of the calling thread in its arena: 0 is the thread that called the algorithm.
int tbb_slot() { return tbb::this_task_arena::current_thread_index(); }

// Every value n calls of probe returned under `policy`, as text ("2 4"): doctest prints strings, not sets.
std::string census(const onedpl_library& library, onedpl_policy policy, std::size_t n, int (*probe)()) {
  caller = pthread_self();
  std::vector<int> out(n, -100);
  library.census(policy, out.data(), n, probe);
  std::string seen;
  for (const int v : std::set<int>(out.begin(), out.end())) {
    if (!seen.empty()) seen += ' ';
    seen += std::to_string(v);
  }
  return seen;
}

// Whether a census saw only values from `allowed`.
bool within(const std::string& seen, std::set<std::string> allowed) {
  std::istringstream values(seen);
  for (std::string v; values >> v;)
    if (!allowed.count(v)) return false;
  return true;
}

constexpr onedpl_policy parallel[] = {onedpl_policy::par, onedpl_policy::par_unseq};

// At sizes of one chunk and of many: every par and par_unseq call through `library` run by one of `allowed` (who_runs'
// values), every seq and unseq call by the caller alone.
void check_who_runs(const onedpl_library& library, const std::set<std::string>& allowed) {
  for (const std::size_t n : {std::size_t(1), std::size_t(17), std::size_t(1'000'003)}) {
    CAPTURE(n);
    for (const onedpl_policy p : parallel) {
      const std::string seen = census(library, p, n, who_runs);
      CHECK_MESSAGE(within(seen, allowed), seen);
    }
    for (const onedpl_policy p : {onedpl_policy::seq, onedpl_policy::unseq})
      CHECK(census(library, p, n, who_runs) == "4");
  }
}

} // namespace

TEST_CASE("oneDPL on oneTBB: par and par_unseq on the caller and oneTBB workers, outside OpenMP, seq on the caller") {
  CHECK(std::string(onedpl_on_tbb().backend) == "oneTBB");
  check_who_runs(onedpl_on_tbb(), {"2", "4"});
}

TEST_CASE("oneDPL on oneTBB obeys --threads: under a limit of 1 only the calling thread's slot runs") {
  const onedpl_library& tbb = onedpl_on_tbb();
  const host_thread_limit one(1);
  for (const onedpl_policy p : parallel)
    CHECK(census(tbb, p, 1'000'003, tbb_slot) == "0");
}

#if POLICYBENCH_HAVE_ONEDPL_OPENMP
// The OpenMP team's size as the caller sees it.
int team_size() { return omp_get_num_threads(); }

TEST_CASE("oneDPL on OpenMP: par and par_unseq run in an OpenMP region, on no oneTBB worker, seq on the caller") {
  CHECK(std::string(onedpl_on_openmp().backend) == "OpenMP");
  check_who_runs(onedpl_on_openmp(), {"1", "5"});
}

TEST_CASE("oneDPL on OpenMP obeys --threads: its team has omp_set_num_threads' size") {
  const onedpl_library& omp = onedpl_on_openmp();
  for (const onedpl_policy p : parallel)
    CHECK(census(omp, p, 1'000'003, team_size) == std::to_string(omp_get_max_threads()));
  const host_thread_limit one(1);
  for (const onedpl_policy p : parallel)
    CHECK(census(omp, p, 1'000'003, team_size) == "1");
}
#endif
#endif

TEST_CASE("the oneDPL rows: the backend column names oneDPL and the backend its library compiled") {
  const auto all = registry(query_device());
  for (const policy_entry& p : all) {
    if (p.name.rfind("oneapi::dpl::", 0) != 0) continue;
    CAPTURE(p.name);
    CHECK(p.device == side::host);
    if (p.unavailable) continue;
    const bool on_tbb = p.name.ends_with("@tbb"), on_omp = p.name.ends_with("@omp");
    if (on_tbb) CHECK(p.backend == "oneDPL on oneTBB");
    if (on_omp) CHECK(p.backend == "oneDPL on OpenMP");
    if (!on_tbb && !on_omp) CHECK(p.backend.rfind("oneDPL (", 0) == 0);
  }
}

TEST_CASE("the oneDPL rows place and judge their calls by their own backend's threads") {
  for (const policy_entry& p : registry(query_device())) {
    if (p.name.rfind("oneapi::dpl::", 0) != 0 || p.unavailable) continue;
    CAPTURE(p.name);
    const measurement m = p.measure(run_config{element_type::float64, 1000, 0, {1}});
    REQUIRE(m.host_threads);
    const host_threading own = p.name.ends_with("@tbb")   ? host_threading::tbb
                               : p.name.ends_with("@omp") ? host_threading::openmp
                                                          : host_threading::one_thread;
    CHECK(*m.host_threads == own);
  }
}
