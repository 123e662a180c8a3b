// An MPI job in the report: the rows' rank figures as extras, the job's JSON section and its line in the table.
#pragma once

#include "harness/result.hpp"
#include "mpi/across_ranks.hpp"
#include "mpi/placement.hpp"
#include "report/report.hpp"

#include <string>

namespace policybench {

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
