// The limits the process really runs under, beyond what the machine has: its CPU mask and its cgroup's CPU quota and
// memory limit (v2 or v1). A run checks them up front, since past them it is throttled or OOM-killed without a word.
#pragma once

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

} // namespace policybench
