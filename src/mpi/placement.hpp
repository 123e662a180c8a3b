// Where each rank runs: its host, node-local rank, the CPUs the launcher gave it, its GPU; and what is wrong with
// that placement (ranks sharing cores, more threads than cores).
#pragma once

#include "harness/result.hpp"
#include "mpi/job.hpp"

#include <string>
#include <vector>

namespace policybench {

/// The job's shape on rank 0 (placement in rank order; elsewhere only ranks, nodes and scaling), with one warning
/// per problem appended to `warnings` on rank 0: ranks of one node whose affinity masks overlap (their threads
/// share cores), and a rank whose `threads` (oneTBB/OpenMP concurrency) exceed the CPUs in its mask.
/// Collective. `device`: this rank's CUDA ordinal (device_info::ordinal).
mpi_job gather_job(const mpi_session& job, std::string scaling, int device, int threads,
                   std::vector<std::string>& warnings);

} // namespace policybench
