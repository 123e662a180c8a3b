// A stream whose figures differ by rank, measured through across_ranks as policybench-mpi measures every stream: the
// job's cold call and each timed call must be the slowest rank's, its bytes and FLOPs per call both ranks' summed. No
// real stream's times can be set per rank, hence this stand-in; mpi_case.sh runs it under mpirun.
#include "harness/run.hpp"
#include "mpi/job.hpp"

#include <cstdio>
#include <vector>

using namespace policybench;

int main(int argc, char** argv) {
  const mpi_session job(argc, argv);
  rank_figures_by_policy by_policy;
  const bool second = job.rank == 1;
  const policy_entry differs{"differs_by_rank", side::host, "test", std::nullopt, [second](const run_config&) {
                               measurement m;
                               m.in_place.cold_s = second ? 2.0 : 1.0;
                               m.in_place.warm_s = {second ? 0.5 : 0.25, second ? 0.25 : 0.5};
                               m.bytes_per_call = second ? 300.0 : 100.0;
                               m.flops_per_call = second ? 30.0 : 10.0;
                               return m;
                             }};
  const measurement m = across_ranks(differs, job, by_policy).measure(run_config{element_type::float64, 1000, 1, {2}});
  const timed_calls& t = m.in_place;
  if (t.cold_s == 2.0 && t.warm_s == std::vector<double>{0.5, 0.5} && m.bytes_per_call == 400.0 &&
      m.flops_per_call == 40.0)
    return 0;
  std::fprintf(stderr, "rank %d: cold %g s, warm %g %g s, %g bytes and %g FLOPs a call\n", job.rank, t.cold_s,
               t.warm_s.at(0), t.warm_s.at(1), m.bytes_per_call.value_or(-1), m.flops_per_call.value_or(-1));
  return 1;
}
