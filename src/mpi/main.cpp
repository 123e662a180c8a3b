// policybench-mpi: the same harness on every rank of an MPI job; rank 0 writes the job's report. Exit status as
// policybench's (0 valid, 1 invalid or a run-time error, 2 bad input), the same on every rank.
#include "cli/write_report.hpp"
#include "harness/run.hpp"
#include "mpi/job.hpp"
#include "report/report.hpp"

#include <exception>
#include <iostream>
#include <new>

namespace {

using namespace policybench;

// Collective: when some rank has an error, rank 0 prints the lowest one's line, and every rank returns `status`.
std::optional<int> stop_on_error(const mpi_session& job, const std::optional<std::string>& error, int status) {
  const auto bad = first_error(job, error);
  if (!bad) return std::nullopt;
  int worst = error ? status : 0;
  MPI_Allreduce(MPI_IN_PLACE, &worst, 1, MPI_INT, MPI_MAX, job.world);
  if (job.rank == 0) print_rank_error(bad->rank, bad->text);
  return worst;
}

// Rank 0 runs f; what it throws is the error every rank then learns through stop_on_error.
template <class F> std::optional<std::string> error_on_rank_0(const mpi_session& job, F&& f) {
  if (job.rank == 0) try {
      f();
    } catch (const std::exception& e) {
      return e.what();
    }
  return std::nullopt;
}

int run(const mpi_session& job, std::span<const char* const> args) {
  rank_setup s;
  bool go = false;
  std::optional<std::string> error;
  int status = 2;
  try {
    go = prepare(job, args, s);
  } catch (const usage_error& e) {
    error = e.what();
  } catch (const std::exception& e) {
    error = e.what(), status = 1;
  }
  if (const auto stop = stop_on_error(job, error, status)) return *stop;
  // Before --help and --version return: a rank given them alone would leave the others waiting here.
  if (const auto stop = stop_on_error(job, disagreement(job, s), 2)) return *stop;
  if (!go) return 0; // every rank was given --help or --version
  if (s.opts.list_policies) {
    const auto listed = error_on_rank_0(job, [&] { deliver_policy_list(s.selected, s.opts.format, s.file); });
    return stop_on_error(job, listed, 1).value_or(0);
  }
  rank_figures_by_policy by_policy;
  std::vector<policy_entry> streams;
  for (auto& p : with_ceilings(std::move(s.selected), s.device, s.opts.run.work))
    streams.push_back(across_ranks(std::move(p), job, by_policy));
  measured_run run;
  try { // every stream's failure ends the job inside across_ranks; this is for what the run itself allocates
    run = run_policies(s.opts.run, s.opts.threads, query_host(), s.device, streams);
  } catch (const std::bad_alloc&) {
    abort_job(job, "out of host memory (std::bad_alloc); a smaller --size needs less");
  } catch (const std::exception& e) {
    abort_job(job, e.what());
  }
  // The job's element count: the report's size and working set, a row's FLOPs at K (every stream's durations are
  // already the slowest rank's and its bytes every rank's: across_ranks).
  static_assert(sizeof(run.config.size) == sizeof(std::uint64_t));
  MPI_Allreduce(MPI_IN_PLACE, &run.config.size, 1, MPI_UINT64_T, MPI_SUM, job.world);
  std::vector<std::string> warnings;
  const auto placement = gather_placement(job, run.device.ordinal, run.host_concurrency, warnings);
  status = 0;
  const auto unwritten =
      error_on_rank_0(job, [&] { status = write_job_report(job, s, run, placement, std::move(warnings), by_policy); });
  if (const auto stop = stop_on_error(job, unwritten, 1)) return *stop;
  MPI_Bcast(&status, 1, MPI_INT, 0, job.world);
  return status;
}

} // namespace

int main(int argc, char** argv) {
  const mpi_session job(argc, argv);
  return run(job, {argv, std::size_t(argc)});
}
