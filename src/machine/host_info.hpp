// The CPU as the harness sees it: the processor, its caches and the software that runs the host policies; its
// topology from hwloc (the library Open MPI and oneTBB read it with: tests load XML topologies of other machines,
// lstopo --of xml, through the same code); and the moment and place of a run (Google Benchmark's JSON context).
#pragma once

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace policybench {

/// What the run's CPUs reach. Sizes in bytes; 0 where the topology has no such cache.
struct topology {
  std::size_t l1d_cache_bytes = 0; ///< the L1 data cache of the run's first core
  std::size_t l2_cache_bytes = 0;  ///< the L2 of the run's first core
  std::size_t llc_bytes = 0;       ///< the highest cache level: every instance the run's CPUs share, added up (STREAM's
                                   ///< 4x rule counts all the last-level cache a run fills), e.g. lscpu's "L3: 32 MiB"
  int llc_instances = 0;           ///< how many caches llc_bytes adds up (16 on a 2-socket EPYC 7763)
  int physical_cores = 0;          ///< physical cores holding at least one of the run's CPUs
  std::vector<int> numa_nodes;     ///< the machine's NUMA nodes (OS indexes), with or without CPUs
  std::string cpuset;              ///< the run's CPUs as a kernel list, "0-1"
};

/// The host machine and the software that runs the host policies: its topology from hwloc, or, where hwloc cannot
/// load it, only the caches from sysconf (cores, cpuset, NUMA nodes and llc_instances then stay empty or 0).
struct host_info : topology {
  std::string cpu_model;             ///< /proc/cpuinfo "model name"; "unknown (why)" (unknown_fact) when unreadable
  double cpu_mhz = 0;                ///< /proc/cpuinfo "cpu MHz" of the first CPU (a VM: the host's nominal clock)
  int logical_cores = 0;             ///< std::thread::hardware_concurrency
  std::string cache_source;          ///< where the topology came from: "hwloc", or "sysconf" (glibc's CPUID)
  std::string transparent_hugepages; ///< THP mode: "always", "madvise", "never"; empty without THP; "unknown (why)"
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

/// This host, for the CPUs this process is bound to (taskset, cgroup cpuset); std::nullopt when hwloc cannot load
/// the topology.
std::optional<topology> host_topology();

/// An exported topology, for the CPUs in the kernel list `cpus` ("0-7,128-135"; empty: all the topology allows).
/// std::nullopt when the file does not load, the list does not parse or names none of the topology's CPUs.
std::optional<topology> xml_topology(const std::filesystem::path& xml, std::string_view cpus = {});

/// The first `field` ("model name", "cpu MHz") of a /proc/cpuinfo text: its value, "" when absent or empty.
std::string cpuinfo_value(std::istream& cpuinfo, std::string_view field);

/// Where and when a report is written, as google/benchmark's sysinfo.cc reads it on Linux.
struct run_context {
  std::string date;                 ///< local time, ISO 8601 with the UTC offset, e.g. "2026-12-01T10:15:00+01:00"
  std::string host_name;            ///< gethostname
  std::string executable;           ///< /proc/self/exe
  int mhz_per_cpu = 0;              ///< cpu0's cpufreq cpuinfo_max_freq, else /proc/cpuinfo "cpu MHz"; 0 when unknown
  bool cpu_scaling_enabled = false; ///< some CPU's cpufreq governor is not "performance"
  std::vector<double> load_avg;     ///< getloadavg: 1, 5 and 15 minutes; empty when unknown
};

/// Reads run_context now. Never throws; unknown fields stay empty or 0.
run_context query_run_context();

} // namespace policybench
