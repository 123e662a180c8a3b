// The CPU as the harness sees it: the processor, its caches and the software that runs the host policies.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace policybench {

/// The host machine and the software that runs the host policies. Sizes in bytes.
struct host_info {
  std::string cpu_model;             ///< /proc/cpuinfo "model name"; "unknown (why)" (unknown_fact) when unreadable
  double cpu_mhz = 0;                ///< /proc/cpuinfo "cpu MHz" of the first CPU (a VM: the host's nominal clock)
  int logical_cores = 0;             ///< std::thread::hardware_concurrency
  int physical_cores = 0;            ///< cores holding the process's CPUs (0 when from sysconf)
  std::string cpuset;                ///< the CPUs the process may run on, "0-1" (empty when from sysconf)
  std::size_t l1d_cache_bytes = 0;   ///< per core (0 when unknown)
  std::size_t l2_cache_bytes = 0;    ///< per core
  std::size_t llc_bytes = 0;         ///< last-level cache (L3, else L2), the instances the cpuset reaches together
  int llc_instances = 0;             ///< how many last-level caches llc_bytes adds up (0 when from sysconf)
  std::string cache_source;          ///< where caches, cores, cpuset and NUMA nodes came from: "hwloc", or
                                     ///< "sysconf" (caches only, glibc's CPUID) when hwloc cannot load the topology
  std::string transparent_hugepages; ///< THP mode: "always", "madvise", "never"; empty without THP; "unknown (why)"
  std::vector<int> numa_nodes;       ///< the machine's NUMA nodes; empty when from sysconf
  std::string tbb_version;           ///< oneTBB runtime version, e.g. "2021.8.0"
  int tbb_default_concurrency = 0;   ///< tbb::info::default_concurrency()
  std::string compiler;              ///< e.g. "g++ 12.2.0"
  std::string compiled_for;          ///< cmake/host_isa.cmake's flags + widest vector unit: "baseline (SSE2)"
  std::string standard_library;      ///< e.g. "libstdc++ 12"
  std::string pstl_backend;          ///< "oneTBB" or "serial": what std::par really runs on
  std::string thrust_version;        ///< CCCL Thrust version, e.g. "3.0.1"
  bool openmp = false;               ///< thrust::omp built with OpenMP
};

/// Reads host_info. Never throws; unknown fields stay empty or 0.
host_info query_host();

} // namespace policybench
