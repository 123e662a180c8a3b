// Placement from the kernel's view: sched_getaffinity for the CPUs, a per-node sum of masks for shared cores; each
// rank's facts gathered on rank 0 in one step.
#include "mpi/job_report.hpp"

#include <sched.h>

#include <algorithm>
#include <cstring>
#include <string>

namespace policybench {
namespace {

// "0-3,8": the set CPUs as ranges.
std::string cpu_list(const cpu_set_t& set) {
  std::string out;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &set)) continue;
    int last = cpu;
    while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, &set))
      ++last;
    if (!out.empty()) out += ',';
    out += std::to_string(cpu);
    if (last > cpu) out += '-', out += std::to_string(last);
    cpu = last;
  }
  return out;
}

// Whether two ranks of this node hold a common CPU: how many ranks hold each CPU, summed over the node.
bool node_shares_cpus(const mpi_session& job, const cpu_set_t& set) {
  std::vector<int> holders(CPU_SETSIZE);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    holders[std::size_t(cpu)] = CPU_ISSET(cpu, &set) ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, holders.data(), CPU_SETSIZE, MPI_INT, MPI_SUM, job.node);
  return std::ranges::any_of(holders, [](int h) { return h > 1; });
}

} // namespace

std::vector<rank_placement> gather_placement(const mpi_session& job, int device, int threads,
                                             std::vector<std::string>& warnings) {
  struct facts {
    int local_rank, device, threads;
    bool shared;
    cpu_set_t cpus;
    char host[MPI_MAX_PROCESSOR_NAME];
  } mine{.local_rank = job.local_rank, .device = device, .threads = threads, .shared = false, .cpus = {}, .host = {}};
  if (sched_getaffinity(0, sizeof mine.cpus, &mine.cpus) != 0) CPU_ZERO(&mine.cpus); // unknown: an empty list, count 0
  mine.shared = node_shares_cpus(job, mine.cpus);
  int host_length = 0;
  MPI_Get_processor_name(mine.host, &host_length);
  const auto all = gather(job, mine);
  std::vector<rank_placement> out;
  for (std::size_t r = 0; r < all.size(); ++r) {
    const facts& f = all[r];
    const rank_placement& p =
        out.emplace_back(rank_placement{.rank = int(r),
                                        .local_rank = f.local_rank,
                                        .host = std::string(f.host, strnlen(f.host, sizeof f.host)),
                                        .cpus = cpu_list(f.cpus),
                                        .cpu_count = CPU_COUNT(&f.cpus),
                                        .device = f.device});
    if (f.shared && f.local_rank == 0)
      warnings.push_back("ranks on " + p.host +
                         " share CPUs (their affinity masks overlap): their threads compete for the same cores; "
                         "bind each rank to its own cores (mpirun --bind-to core or numa, srun --cpu-bind=cores)");
    if (p.cpu_count > 0 && f.threads > p.cpu_count)
      warnings.push_back("rank " + std::to_string(r) + " runs " + std::to_string(f.threads) + " host threads on " +
                         std::to_string(p.cpu_count) + " CPUs (" + p.cpus +
                         "): oversubscribed; give it more cores or a smaller --threads");
  }
  return out;
}

} // namespace policybench
