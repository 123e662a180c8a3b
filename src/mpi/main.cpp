// policybench-mpi: the same harness on every rank of an MPI job; rank 0 writes the job's report. Exit status as
// policybench's (0 valid, 1 invalid or a run-time error, 2 bad input), the same on every rank.
#include "cli/write_report.hpp"
#include "harness/run.hpp"
#include "harness/rules.hpp"
#include "mpi/job.hpp"
#include "mpi/job_report.hpp"
#include "mpi/setup.hpp"
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

// Rank 0: the job's report from the aggregated run, written; its exit status.
int write_job_report(rank_setup& s, const measured_run& run, const mpi_job& shape, std::vector<std::string> warnings,
                     const rank_figures_by_policy& by_policy) {
  benchmark_report report = to_report(run);
  add_rank_figures(report, by_policy);
  report.notes.push_back(job_note(shape));
  report.warnings.insert(report.warnings.begin(), warnings.begin(), warnings.end());
  const bool valid = all_valid(report.results); // this job's rows, not those of compared files
  append_compared(report, s.compared);
  deliver_report(report, s.opts.format, s.file, job_json(shape, by_policy));
  return valid ? 0 : 1;
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
    if (job.rank == 0) write_policy_list(s.all, s.file ? s.file->stream() : std::cout);
  } else {
    rank_figures_by_policy by_policy;
    std::vector<policy_entry> selected;
    for (auto& p : with_ceilings(std::move(s.selected), s.device, s.opts.run.work))
      selected.push_back(across_ranks(std::move(p), job, by_policy));
    measured_run run;
    try { // every stream's failure ends the job inside across_ranks; this is for what the run itself allocates
      run = run_policies(barrier_before_each_call(s.opts.run, job), s.opts.threads, query_host(), s.device, selected);
    } catch (const std::bad_alloc&) {
      abort_job(job, "out of host memory (std::bad_alloc); a smaller --size needs less");
    } catch (const std::exception& e) {
      abort_job(job, e.what());
    }
    aggregate_run(run, job);
    std::vector<std::string> warnings;
    const mpi_job shape = gather_job(job, s.scaling, run.device.ordinal, run.host_concurrency, warnings);
    error.reset();
    status = 0;
    if (job.rank == 0) try {
        status = write_job_report(s, run, shape, std::move(warnings), by_policy);
      } catch (const std::exception& e) {
        error = e.what();
      }
    if (const auto stop = stop_on_error(job, error, 1)) return *stop;
    MPI_Bcast(&status, 1, MPI_INT, 0, job.world);
    return status;
  }
  error.reset();
  if (job.rank == 0) try {
      finish_output(s.file);
    } catch (const std::exception& e) {
      error = e.what();
    }
  return stop_on_error(job, error, 1).value_or(0);
}

} // namespace

int main(int argc, char** argv) {
  const mpi_session job(argc, argv);
  return run(job, {argv, std::size_t(argc)});
}
