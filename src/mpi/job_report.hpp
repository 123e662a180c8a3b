// Each rank's placement (its host, node-local rank, CPUs and GPU, and what is wrong with that placement), and the
// job's report on rank 0: the rows' rank figures as extras, the JSON's "mpi" section, the table's line on the job.
#pragma once

#include "harness/run.hpp"
#include "mpi/job.hpp"

#include <string>
#include <vector>

namespace policybench {

/// Where one rank of an MPI job ran: its host, node-local rank, the CPUs the launcher gave it, its GPU.
struct rank_placement {
  int rank = 0, local_rank = 0;
  std::string host;
  std::string cpus; ///< sched_getaffinity as a list, e.g. "0-3,8"
  int cpu_count = 0;
  int device = 0; ///< CUDA ordinal: local_rank mod device count
};

/// Collective: every rank's placement on rank 0, in rank order (empty elsewhere), with one warning per problem
/// appended to `warnings` on rank 0: ranks of one node whose affinity masks overlap (their threads share cores), and
/// a rank whose `threads` (oneTBB/OpenMP concurrency) exceed the CPUs in its mask. `device`: this rank's CUDA
/// ordinal (device_info::ordinal).
std::vector<rank_placement> gather_placement(const mpi_session& job, int device, int threads,
                                             std::vector<std::string>& warnings);

/// Rank 0: the job's report of `run` (its size already the job's, its durations the slowest rank's), with each
/// row's rank figures from `by_policy`, the placement and `warnings`, written as `s` asks; its exit status (0 when
/// every row of this job validated, else 1).
int write_job_report(const mpi_session& job, rank_setup& s, const measured_run& run,
                     const std::vector<rank_placement>& placement, std::vector<std::string> warnings,
                     const rank_figures_by_policy& by_policy);

} // namespace policybench
