// An MPI job's shape and placement (each rank's host, node-local rank, CPUs and GPU, and what is wrong with that
// placement), and the job in the report: the rows' rank figures as extras, its JSON section, its line in the table.
#pragma once

#include "harness/result.hpp"
#include "mpi/job.hpp"
#include "report/report.hpp"

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

/// An MPI job's shape: how many ranks on how many nodes, and what --size meant.
struct mpi_job {
  int ranks = 1, nodes = 1;
  std::string scaling;                        ///< "weak": --size elements per rank; "strong": --size in total, split
  std::vector<rank_placement> placement = {}; ///< in rank order
};

/// The job's shape on rank 0 (placement in rank order; elsewhere only ranks, nodes and scaling), with one warning
/// per problem appended to `warnings` on rank 0: ranks of one node whose affinity masks overlap (their threads
/// share cores), and a rank whose `threads` (oneTBB/OpenMP concurrency) exceed the CPUs in its mask.
/// Collective. `device`: this rank's CUDA ordinal (device_info::ordinal).
mpi_job gather_job(const mpi_session& job, std::string scaling, int device, int threads,
                   std::vector<std::string>& warnings);

/// On rank 0, every row's extras from `by_policy`: rank_median_min_s and rank_median_max_s (the fastest and the
/// slowest rank's own median), imbalance (their ratio, slowest / fastest); none for a row no rank measured.
void add_rank_figures(benchmark_report& report, const rank_figures_by_policy& by_policy);

/// The JSON's "mpi" section, {"ranks", "nodes", "scaling", "placement": [{"rank", "local_rank", "host", "cpus",
/// "cpu_count", "device"}]}, and every row's "per_rank": [{"rank", "median_s", "gb_per_s", "validated"}] in rank
/// order (empty for a compared file's row).
json_addition job_json(const mpi_job& job, const rank_figures_by_policy& by_policy);

/// The table's line about the job: its shape and what the rows' GB/s mean.
std::string job_note(const mpi_job& job);

} // namespace policybench
