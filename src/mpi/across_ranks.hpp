// One policy measured on every rank at once: each call starts after a barrier, the job's time per call is the
// slowest rank's, validation is reduced over ranks, and each rank's own median is kept for the report.
#pragma once

#include "harness/figure.hpp"
#include "harness/run.hpp"
#include "mpi/job.hpp"
#include "policies/policy.hpp"

#include <map>
#include <string>
#include <vector>

namespace policybench {

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
/// rank's own warm median and validity land in `by_policy` (rank 0). A rank whose measure throws (out of memory,
/// a CUDA error) ends the job with abort_job. The cfg it is called with must have before_each_call set to
/// barrier_before_each_call's.
policy_entry across_ranks(policy_entry p, const mpi_session& job, rank_figures_by_policy& by_policy);

/// cfg with before_each_call an MPI barrier over the job: every rank's call starts together.
run_config barrier_before_each_call(run_config cfg, const mpi_session& job);

/// Collective, after run_policies: the run's element count the whole job's (the sum over ranks), so that to_report's
/// bytes and GB/s are the aggregate (every stream's durations, the ceilings' too, are already across_ranks').
void aggregate_run(measured_run& run, const mpi_session& job);

} // namespace policybench
