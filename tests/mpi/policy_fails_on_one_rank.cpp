// A policy that throws on rank 1 alone, measured through across_ranks as policybench-mpi measures every policy:
// rank 1's failure must end the job (its line, a non-zero exit) while rank 0 waits in the barrier before its next
// call. No real policy fails on one rank on demand, hence this stand-in; mpi_case.sh runs it under mpirun.
#include "harness/run.hpp"
#include "measure/timing.hpp"
#include "mpi/job.hpp"

#include <stdexcept>

using namespace policybench;

int main(int argc, char** argv) {
  const mpi_session job(argc, argv);
  rank_figures_by_policy by_policy;
  const policy_entry fails{"fails_on_rank_1", side::host, "test", std::nullopt, [&job](const run_config& cfg) {
                             if (job.rank == 1) throw std::runtime_error("planted failure");
                             measurement m;
                             m.in_place = time_calls(cfg, [] {});
                             return m;
                           }};
  const run_config cfg{element_type::float64, 1000, 1, {3}};
  run_policies(cfg, std::nullopt, query_host(), device_info{}, {across_ranks(fails, job, by_policy)});
  return 0; // reached only when rank 1's failure did not end the job
}
