// Across ranks: the barrier, the reductions after each policy, and each rank's own figures gathered on rank 0.
#include "mpi/job.hpp"

#include "harness/rules.hpp"
#include "measure/timing.hpp"

#include <exception>
#include <new>

namespace policybench {
namespace {

// This rank's own median, GB/s and validity, gathered on rank 0.
void keep_own_figures(const mpi_session& job, const std::string& name, const run_config& cfg, const measurement& m,
                      rank_figures_by_policy& by_policy) {
  const auto own = summarize_view(m.in_place, timing_view::host, cfg.keep_disturbed);
  const figure median = own ? figure(own->stats.median_s) : figure();
  auto all = gather(job, rank_figures{.rank = job.rank,
                                      .median_s = median,
                                      .gb_per_s = gb_per_s(m.bytes_per_call.value_or(cfg.bytes_per_call()), median),
                                      .validated = !m.validation_error});
  if (job.rank == 0) by_policy[name] = std::move(all); // a policy measured again keeps its latest figures
}

// Every duration replaced by its maximum over ranks (when the job's call was done). Every rank's `t` has as many
// samples (same options, same number of timed calls).
void max_over_ranks(const mpi_session& job, timed_calls& t) {
  MPI_Allreduce(MPI_IN_PLACE, &t.cold_s, 1, MPI_DOUBLE, MPI_MAX, job.world);
  for (auto* samples : {&t.warm_s, &t.kernel_s})
    MPI_Allreduce(MPI_IN_PLACE, samples->data(), int(samples->size()), MPI_DOUBLE, MPI_MAX, job.world);
}

// The job's figures of `m` for every stream alike: each duration the slowest rank's, the bytes and FLOPs of a call
// every rank's summed (the workload's from `cfg`, a STREAM or compute ceiling's its own), so a row's GB/s is all
// ranks' bytes over the slowest rank's time whatever the stream.
void aggregate_over_ranks(const mpi_session& job, const run_config& cfg, measurement& m) {
  max_over_ranks(job, m.in_place);
  for (auto* e2e : {&m.e2e_pageable, &m.e2e_pinned})
    if (*e2e) max_over_ranks(job, **e2e);
  double bytes = m.bytes_per_call.value_or(cfg.bytes_per_call());
  MPI_Allreduce(MPI_IN_PLACE, &bytes, 1, MPI_DOUBLE, MPI_SUM, job.world);
  m.bytes_per_call = bytes;
  if (m.flops_per_call) MPI_Allreduce(MPI_IN_PLACE, &*m.flops_per_call, 1, MPI_DOUBLE, MPI_SUM, job.world);
}

} // namespace

policy_entry across_ranks(policy_entry p, const mpi_session& job, rank_figures_by_policy& by_policy) {
  if (!p.measure) return p;
  p.measure = [inner = std::move(p.measure), name = p.name, &job, &by_policy](run_config cfg) {
    cfg.before_each_call = [world = job.world] { MPI_Barrier(world); }; // every rank's call starts together
    measurement m;
    try {
      m = inner(cfg);
    } catch (const std::bad_alloc&) {
      abort_job(job, name + ": out of memory (std::bad_alloc); a smaller --size needs less");
    } catch (const std::exception& e) {
      abort_job(job, name + ": " + e.what());
    }
    keep_own_figures(job, name, cfg, m, by_policy);
    if (const auto bad = first_error(job, m.validation_error))
      m.validation_error = "rank " + std::to_string(bad->rank) + ": " + bad->text;
    aggregate_over_ranks(job, cfg, m);
    return m;
  };
  return p;
}

} // namespace policybench
