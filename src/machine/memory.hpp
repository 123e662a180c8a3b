// The limits the process really runs under, beyond what the machine has: its CPU mask, its cgroup's CPU quota and
// memory limit (v2 or v1), checked up front, since past them a run is throttled or OOM-killed without a word; whether
// a run of a given element count fits in host and device memory; whether the kernel gives huge pages (the THP mode).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace policybench {

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
/// and available (memory.cpp writes each case). On the host a run holds one array of size x element_bytes bytes at a
/// time (each host row's, a device policy's pageable then pinned end-to-end buffer); on the device two (the D2D
/// copy's source and destination).
std::optional<std::string> memory_shortfall(std::uint64_t size, std::size_t element_bytes, const memory_limits& limits);

/// The one way an environment fact that could not be read is written: "unknown (<file>: <strerror(errno)>)", e.g.
/// "unknown (/proc/cpuinfo: Too many open files)"; never a value that poses as a finding ("", 0, "none").
std::string unknown_fact(const std::string& file);

/// The bracketed word of the kernel's THP switch ("always [madvise] never" -> "madvise"); empty when the file is
/// absent (a kernel without transparent huge pages) or malformed; unknown_fact when it exists but cannot be read.
std::string
transparent_hugepage_mode(const std::filesystem::path& enabled = "/sys/kernel/mm/transparent_hugepage/enabled");

} // namespace policybench
