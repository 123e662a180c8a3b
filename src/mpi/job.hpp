// An MPI job as policybench-mpi runs it: the session, one stream measured on every rank at once (each call after a
// barrier, the job's time per call the slowest rank's, each rank's own median kept), and the whole job (run_job).
#pragma once

#include "harness/result.hpp"
#include "policies/registry.hpp"

#include <mpi.h>

#include <map>
#include <span>
#include <string>
#include <vector>

namespace policybench {

/// MPI_Init at construction, MPI_Finalize at destruction. `node` holds the ranks sharing this rank's memory
/// (MPI_Comm_split_type with MPI_COMM_TYPE_SHARED): local_rank is this rank's place among them.
struct mpi_session {
  mpi_session(int& argc, char**& argv);
  ~mpi_session();
  mpi_session(const mpi_session&) = delete;
  mpi_session& operator=(const mpi_session&) = delete;

  int rank = 0, ranks = 1, local_rank = 0, nodes = 1;
  MPI_Comm world = MPI_COMM_WORLD, node = MPI_COMM_NULL;
};

/// One rank's own figures for a policy, from its own clock (no maximum over ranks).
struct rank_figures {
  int rank = 0;
  figure median_s{}, gb_per_s{}; ///< this rank's warm median; its own bytes per call / that median
  bool validated = false;
};

/// Each policy's per-rank figures, on rank 0, by policy name.
using rank_figures_by_policy = std::map<std::string, std::vector<rank_figures>>;

/// `p` measured across ranks: `p`'s measure returns, on every rank, the measurement whose every duration is the
/// maximum over ranks, whose bytes and FLOPs per call are every rank's summed, and whose validation_error is
/// "rank R: <error>" of the lowest rank that failed it. Each rank's own warm median and validity land in `by_policy`
/// (rank 0). Each call starts after an MPI barrier over the job (run_config::before_each_call). A rank whose measure
/// throws (out of memory, a CUDA error) ends the job: its line, MPI_Abort.
policy_entry across_ranks(policy_entry p, const mpi_session& job, rank_figures_by_policy& by_policy);

/// Collective: policybench-mpi on `args`: every rank checks its options, its share of the elements, its device and
/// memory before anything is allocated, then that all ranks agree; runs every stream across_ranks; rank 0 writes the
/// job's report. The exit status, the same on every rank: 0 valid, 1 invalid or a run-time error, 2 bad input.
int run_job(const mpi_session& job, std::span<const char* const> args);

} // namespace policybench
