// Where each rank runs: its host, node-local rank, the CPUs the launcher gave it, its GPU; and what is wrong with
// that placement (ranks sharing cores, more threads than cores).
#pragma once

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

} // namespace policybench
