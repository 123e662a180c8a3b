// An MPI job as policybench-mpi sees it: this rank and its node, and the collective steps that leave no rank
// waiting when another fails.
#pragma once

#include "measure/run_config.hpp"

#include <mpi.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
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

/// Prints "policybench-mpi: rank R: error: <error>" on stderr in one write.
void print_rank_error(int rank, std::string_view error);

/// print_rank_error for this rank, then ends the whole job (MPI_Abort, exit status 1): for a
/// failure inside a collective phase, where the other ranks wait in a barrier this rank will never reach.
[[noreturn]] void abort_job(const mpi_session& job, std::string_view error);

/// A rank's error, as every rank learns it from first_error.
struct rank_error {
  int rank = 0;
  std::string text;
};

/// Collective: the error of the lowest rank whose `mine` is set, on every rank; nullopt when no rank has one.
/// Every rank calls it at the same step, so a failure that one rank alone sees ends the job on all of them.
std::optional<rank_error> first_error(const mpi_session& job, const std::optional<std::string>& mine);

/// Collective: every rank's `mine`, in rank order, on rank 0 (empty elsewhere).
std::vector<std::string> gather_strings(const mpi_session& job, const std::string& mine);

/// Collective: each rank's values, rank after rank, on rank 0 (empty elsewhere); `mine` has the same length on
/// every rank.
std::vector<double> gather_doubles(const mpi_session& job, const std::vector<double>& mine);

/// Collective: the sum over ranks, on every rank.
std::uint64_t sum_over_ranks(const mpi_session& job, std::uint64_t mine);

/// Collective: every duration replaced by its maximum over ranks (when the job's call was done). Every rank's
/// `t` has as many samples (same options, same number of timed calls).
void max_over_ranks(const mpi_session& job, timed_calls& t);

} // namespace policybench
