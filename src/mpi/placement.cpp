// Placement from the kernel's view: sched_getaffinity for the CPUs, a per-node sum of masks for shared cores.
#include "mpi/job_report.hpp"

#include <sched.h>

#include <algorithm>
#include <numeric>
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

// Collective: every rank's `mine`, in rank order, on rank 0 (empty elsewhere).
std::vector<std::string> gather_strings(const mpi_session& job, const std::string& mine) {
  const int length = int(mine.size());
  std::vector<int> lengths(job.rank == 0 ? std::size_t(job.ranks) : 0), offsets(lengths.size());
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, job.world);
  std::exclusive_scan(lengths.begin(), lengths.end(), offsets.begin(), 0);
  std::string all(std::size_t(std::reduce(lengths.begin(), lengths.end())), '\0');
  MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, job.world);
  std::vector<std::string> out;
  for (std::size_t r = 0; r < lengths.size(); ++r)
    out.push_back(all.substr(std::size_t(offsets[r]), std::size_t(lengths[r])));
  return out;
}

} // namespace

std::vector<rank_placement> gather_placement(const mpi_session& job, int device, int threads,
                                             std::vector<std::string>& warnings) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) CPU_ZERO(&set); // unknown: an empty list, count 0
  const int cpu_count = CPU_COUNT(&set);
  const bool shared = node_shares_cpus(job, set);
  char host[MPI_MAX_PROCESSOR_NAME] = {};
  int host_length = 0;
  MPI_Get_processor_name(host, &host_length);
  const auto hosts = gather_strings(job, std::string(host, std::size_t(host_length)));
  const auto cpus = gather_strings(job, cpu_list(set));
  const auto numbers =
      gather_doubles(job, {double(job.local_rank), double(cpu_count), double(device), double(shared), double(threads)});
  std::vector<rank_placement> out;
  for (std::size_t r = 0; r < hosts.size(); ++r) {
    const double* n = &numbers[5 * r];
    out.push_back({.rank = int(r),
                   .local_rank = int(n[0]),
                   .host = hosts[r],
                   .cpus = cpus[r],
                   .cpu_count = int(n[1]),
                   .device = int(n[2])});
    if (n[3] != 0 && n[0] == 0)
      warnings.push_back("ranks on " + hosts[r] +
                         " share CPUs (their affinity masks overlap): their threads compete for the same cores; "
                         "bind each rank to its own cores (mpirun --bind-to core or numa, srun --cpu-bind=cores)");
    if (n[1] > 0 && n[4] > n[1])
      warnings.push_back("rank " + std::to_string(r) + " runs " + std::to_string(int(n[4])) + " host threads on " +
                         std::to_string(int(n[1])) + " CPUs (" + cpus[r] +
                         "): oversubscribed; give it more cores or a smaller --threads");
  }
  return out;
}

} // namespace policybench
