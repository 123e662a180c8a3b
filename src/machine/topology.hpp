// The host's topology from hwloc, the library Open MPI and oneTBB read it with: caches, cores, NUMA nodes and the
// CPUs a run may use. Tests load XML topologies of other machines (lstopo --of xml) through the same code.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace policybench {

/// What the run's CPUs reach. Sizes in bytes; 0 where the topology has no such cache.
struct topology {
  std::size_t l1d_bytes = 0;   ///< the L1 data cache of the run's first core
  std::size_t l2_bytes = 0;    ///< the L2 of the run's first core
  std::size_t llc_bytes = 0;   ///< the highest cache level: every instance the run's CPUs share, added up (STREAM's
                               ///< 4x rule counts all the last-level cache a run fills), e.g. lscpu's "L3: 32 MiB"
  int llc_instances = 0;       ///< how many caches llc_bytes adds up (16 on a 2-socket EPYC 7763)
  int cores = 0;               ///< physical cores holding at least one of the run's CPUs
  std::vector<int> numa_nodes; ///< the machine's NUMA nodes (OS indexes), with or without CPUs
  std::string cpuset;          ///< the run's CPUs as a kernel list, "0-1"
};

/// This host, for the CPUs this process is bound to (taskset, cgroup cpuset); std::nullopt when hwloc cannot load
/// the topology.
std::optional<topology> host_topology();

/// An exported topology, for the CPUs in the kernel list `cpus` ("0-7,128-135"; empty: all the topology allows).
/// std::nullopt when the file does not load, the list does not parse or names none of the topology's CPUs.
std::optional<topology> xml_topology(const std::filesystem::path& xml, std::string_view cpus = {});

} // namespace policybench
