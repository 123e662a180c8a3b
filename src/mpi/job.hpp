// An MPI job as policybench-mpi sees it: this rank and its node, the collective steps that leave no rank waiting
// when another fails, what every rank checks before anything is allocated (its options, its share of the elements,
// its device, the memory its run needs; then that all ranks agree), and one stream measured on every rank at once
// (each call starts after a barrier, the job's time per call is the slowest rank's, validation is reduced over
// ranks, each rank's own median kept for the report). --scaling, the one option policybench-mpi adds, is handed to
// the plain parser by parse_options's hook, so that the plain policybench's stays free of MPI options. Then each
// rank's placement (its host, node-local rank, CPUs and GPU, and what is wrong with that placement), and the job's
// report on rank 0: the rows' rank figures as extras, the JSON's "mpi" section, the table's line on the job.
#pragma once

#include "cli/options.hpp"
#include "cli/write_report.hpp"
#include "harness/result_row.hpp"
#include "harness/run.hpp"
#include "policies/registry.hpp"

#include <mpi.h>

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
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

/// Collective: every rank's `mine`, in rank order, on rank 0 (empty elsewhere). Sent as its bytes: every rank runs
/// the same executable.
template <class T> std::vector<T> gather(const mpi_session& job, const T& mine) {
  static_assert(std::is_trivially_copyable_v<T>);
  std::vector<T> all(job.rank == 0 ? std::size_t(job.ranks) : 0);
  MPI_Gather(&mine, sizeof(T), MPI_BYTE, all.data(), sizeof(T), MPI_BYTE, 0, job.world);
  return all;
}

/// One rank's own figures for a policy, from its own clock (no maximum over ranks).
struct rank_figures {
  int rank = 0;
  figure median_s{}, gb_per_s{}; ///< this rank's warm median; its own bytes per call / that median
  bool validated = false;
};

/// Each policy's per-rank figures, on rank 0, by policy name.
using rank_figures_by_policy = std::map<std::string, std::vector<rank_figures>>;

/// `p` measured across ranks: `p`'s measure returns, on every rank, the measurement whose every duration is the
/// maximum over ranks, and whose validation_error is "rank R: <error>" of the lowest rank that failed it. Each
/// rank's own warm median and validity land in `by_policy` (rank 0). Each call starts after an MPI barrier over
/// the job (run_config::before_each_call). A rank whose measure throws (out of memory, a CUDA error) ends the job
/// with abort_job.
policy_entry across_ranks(policy_entry p, const mpi_session& job, rank_figures_by_policy& by_policy);

/// --scaling: weak, --size elements per rank; strong, --size in total, split evenly.
enum class scaling_kind { weak, strong };
inline constexpr enum_name<scaling_kind> scaling_names[] = {{scaling_kind::weak, "weak"},
                                                            {scaling_kind::strong, "strong"}};

/// One rank's checked inputs. `opts.run.size` is this rank's element count.
struct rank_setup {
  options opts;
  scaling_kind scaling = scaling_kind::weak;
  std::size_t command_line_hash = 0;
  device_info device;
  std::vector<policy_entry> selected; ///< with --list-policies, every row of the registry (rank 0 lists them)
  std::optional<output_file> file;    ///< rank 0 only
};

/// Not collective: fills `s` from `args`: parses them (rank 0 prints --help or --version; then false), opens
/// --output on rank 0, queries the device (local rank mod device count), selects the policies and checks the memory
/// this rank's share needs. Throws usage_error naming the option for bad input (--sweep is refused: a series of rank
/// counts is scripts/mpi_scaling.sh's).
bool prepare(const mpi_session& job, std::span<const char* const> args, rank_setup& s);

/// Collective: why this rank cannot join rank 0's run (a different command line, a device rank 0 has and it has
/// not, or the reverse), or nullopt.
std::optional<std::string> disagreement(const mpi_session& job, const rank_setup& s);

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
