// The host as the harness sees it: processor, caches (hwloc) and the host policies' software; the moment and place of a
// run; the limits the process really runs under, checked up front: past them a run is throttled or OOM-killed silently.
#pragma once

#include <cstddef>
#include <cstdint>
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
  std::string cpu_model;           ///< the package's CPUModel info (hwloc reads the kernel's or CPUID's brand string)
};

/// The host machine and the software that runs the host policies: its topology from hwloc, or where hwloc cannot load
/// it the caches from sysconf and the CPU model from /proc/cpuinfo (README, "host.cache_source" says what stays empty).
struct host_info : topology {
  double cpu_mhz = 0;                ///< /proc/cpuinfo "cpu MHz" of the first CPU (a VM: the host's nominal clock)
  int logical_cores = 0;             ///< std::thread::hardware_concurrency
  std::string cache_source;          ///< where the topology came from: "hwloc", or "sysconf" (glibc's CPUID)
  std::string transparent_hugepages; ///< transparent_hugepage_mode()
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

/// An exported topology (lstopo --of xml: tests describe other machines through the same code), for the CPUs in the
/// kernel list `cpus` ("0-7,128-135"; empty: all the topology allows). std::nullopt when the file does not load, the
/// list does not parse or names none of the topology's CPUs.
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

/// Where the cgroup files are; tests point these at a made-up tree.
struct cgroup_files {
  std::filesystem::path membership = "/proc/self/cgroup"; ///< "id:controllers:path" lines
  std::filesystem::path root = "/sys/fs/cgroup";          ///< v2 here (or in unified/), v1 one folder per controller
};

/// A limit and what sets it, e.g. {1, "this process's CPU mask, sched_getaffinity"}.
template <class T> struct process_limit {
  T value{};
  std::string source;
};

/// The CPUs this process's threads can use at once: the CPUs in its mask (taskset, a container's cpuset), lowered
/// to the cgroup's CPU quota rounded up (cpu.max 150000 100000 -> 2; v1 cpu.cfs_quota_us / cpu.cfs_period_us). At
/// least 1; the machine's logical cores when neither can be read.
process_limit<int> usable_cpus(const cgroup_files& files = {});

/// Bytes the process's cgroup (and each cgroup above it) lets it allocate more: the limit (v2 memory.max, v1
/// memory.limit_in_bytes) less what is charged to it (memory.current, memory.usage_in_bytes) plus its inactive file
/// cache (reclaimable). std::nullopt when no cgroup sets a limit or none can be read.
std::optional<process_limit<std::uint64_t>> cgroup_memory_headroom(const cgroup_files& files = {});

/// Memory a run may use, in bytes. 0 host bytes means "unknown" (no /proc/meminfo) and is not a limit.
struct memory_limits {
  std::uint64_t host_available_bytes = 0;
  std::optional<std::uint64_t> device_free_bytes; ///< set only when a selected, available policy runs on the device
  std::string device_name;
  std::string host_limit = "MemAvailable"; ///< what sets host_available_bytes: MemAvailable or the cgroup's limit
};

/// What the kernel can give this process without swapping or an OOM kill, in bytes: /proc/meminfo MemAvailable,
/// lowered to the headroom of its memory cgroup (cgroup_memory_headroom); .value 0 when neither can be read.
process_limit<std::uint64_t> host_available_bytes();

/// Why `size` elements of `element_bytes` bytes do not fit, or std::nullopt when they do: one line naming bytes needed
/// and available. A run holds one such array at a time on the host, two on the device (the D2D copy's).
std::optional<std::string> memory_shortfall(std::uint64_t size, std::size_t element_bytes, const memory_limits& limits);

/// The bracketed word of the kernel's THP switch ("always [madvise] never" -> "madvise"); empty when the file is
/// absent (a kernel without transparent huge pages) or malformed; "unknown (why)" when it cannot be read.
std::string
transparent_hugepage_mode(const std::filesystem::path& enabled = "/sys/kernel/mm/transparent_hugepage/enabled");

} // namespace policybench
