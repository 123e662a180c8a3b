// memory.hpp's limits, read from the kernel's files (a file that cannot be read sets no limit), and the memory check
// shared by a single run (--size refused) and a size sweep (the series stops early).
#include "machine/memory.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <thread>
#include <vector>

#include <sched.h>

namespace policybench {
namespace {

namespace fs = std::filesystem;

// The folders of the cgroups that hold this process for `controller`, from its own up to the hierarchy's root (a
// container sees its own cgroup as the root, so a path of /proc/self/cgroup may be absent below it: skipped).
std::vector<fs::path> cgroup_dirs(const cgroup_files& files, const std::string& controller) {
  std::vector<fs::path> dirs;
  std::ifstream in(files.membership);
  for (std::string line; std::getline(in, line);) {
    const auto first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string list = line.substr(first + 1, second - first - 1);
    fs::path base;
    if (line.starts_with("0::"))
      base = fs::exists(files.root / "cgroup.controllers") ? files.root : files.root / "unified";
    else if (("," + list + ",").find("," + controller + ",") != std::string::npos)
      base = files.root / list;
    else
      continue;
    std::error_code ec;
    for (fs::path dir = base / fs::path(line.substr(second + 1)).relative_path();; dir = dir.parent_path()) {
      if (fs::is_directory(dir, ec)) dirs.push_back(dir);
      if (dir == base || !dir.has_relative_path()) break;
    }
  }
  return dirs;
}

// Word `index` of `file` (0: the first) as a whole unsigned number; none when unreadable or absent, or for "-1" and
// "max".
std::optional<std::uint64_t> number_in(const fs::path& file, int index = 0) {
  std::ifstream in(file);
  std::string text;
  for (int i = 0; i <= index; ++i)
    if (!(in >> text)) return std::nullopt;
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// The number after `key` on its line of a "key number [unit]" listing (memory.stat, /proc/meminfo); 0 when absent.
std::uint64_t stat_field(const fs::path& file, const std::string& key) {
  std::ifstream in(file);
  std::string name;
  for (std::uint64_t value = 0; in >> name >> value; in.ignore(std::numeric_limits<std::streamsize>::max(), '\n'))
    if (name == key) return value;
  return 0;
}

} // namespace

process_limit<int> usable_cpus(const cgroup_files& files) {
  process_limit<int> out{.value = int(std::max(1u, std::thread::hardware_concurrency())),
                         .source = "this machine's logical cores"};
  cpu_set_t mask;
  if (::sched_getaffinity(0, sizeof mask, &mask) == 0)
    out = {.value = std::max(1, CPU_COUNT(&mask)), .source = "this process's CPU mask, sched_getaffinity"};
  for (const fs::path& dir : cgroup_dirs(files, "cpu")) {
    const bool v2 = fs::exists(dir / "cpu.max");
    const fs::path quota_file = dir / (v2 ? "cpu.max" : "cpu.cfs_quota_us"); // v2: "quota period"
    const auto quota = number_in(quota_file);
    const auto period = v2 ? number_in(quota_file, 1) : number_in(dir / "cpu.cfs_period_us");
    if (!quota || !period || *period == 0) continue; // "max" or -1: no quota
    const int cpus = std::max(1, int(std::ceil(double(*quota) / double(*period))));
    if (cpus < out.value) out = {.value = cpus, .source = "its cgroup's CPU quota, " + quota_file.string()};
  }
  return out;
}

std::optional<process_limit<std::uint64_t>> cgroup_memory_headroom(const cgroup_files& files) {
  std::optional<process_limit<std::uint64_t>> out;
  for (const fs::path& dir : cgroup_dirs(files, "memory")) {
    const bool v2 = fs::exists(dir / "memory.max");
    const fs::path limit_file = dir / (v2 ? "memory.max" : "memory.limit_in_bytes");
    const auto limit = number_in(limit_file);
    const auto used = number_in(dir / (v2 ? "memory.current" : "memory.usage_in_bytes"));
    // v1 writes "no limit" as a number near 2^63: anything past 2^62 bytes limits nothing.
    if (!limit || !used || *limit >= (std::uint64_t(1) << 62)) continue;
    const std::uint64_t cache = stat_field(dir / "memory.stat", v2 ? "inactive_file" : "total_inactive_file");
    const std::uint64_t headroom = *limit - std::min(*limit, *used - std::min(*used, cache));
    if (!out || headroom < out->value)
      out = {.value = headroom, .source = "its cgroup's memory limit, " + limit_file.string()};
  }
  return out;
}

process_limit<std::uint64_t> host_available_bytes() {
  process_limit<std::uint64_t> out{.value = stat_field("/proc/meminfo", "MemAvailable:") * 1024, // kB
                                   .source = "MemAvailable"};
  // A memory cgroup's limit is enforced by the OOM killer (exit 137, no message), whatever MemAvailable says.
  if (const auto cgroup = cgroup_memory_headroom(); cgroup && (out.value == 0 || cgroup->value < out.value))
    out = {.value = std::max<std::uint64_t>(cgroup->value, 1), .source = cgroup->source}; // 0 would read "unknown"
  return out;
}

std::optional<std::string> memory_shortfall(std::uint64_t size, std::size_t element_bytes,
                                            const memory_limits& limits) {
  const std::string elements = std::to_string(size) + " elements";
  constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  if (size > max / element_bytes) return elements + " need 2^64 bytes or more (one array): beyond the address space";
  const std::uint64_t array = size * element_bytes;
  if (limits.host_available_bytes != 0 && array > limits.host_available_bytes)
    return elements + " need " + std::to_string(array) + " bytes of host memory (one array), only " +
           std::to_string(limits.host_available_bytes) + " are available (" + limits.host_limit + ")";
  if (limits.device_free_bytes && array > max / 2)
    return elements + " need 2^64 bytes or more of device memory (two arrays): beyond the address space";
  if (limits.device_free_bytes && 2 * array > *limits.device_free_bytes)
    return elements + " need " + std::to_string(2 * array) +
           " bytes of device memory (two arrays: the device D2D copy's source and destination), only " +
           std::to_string(*limits.device_free_bytes) + " are free on " + limits.device_name;
  return std::nullopt;
}

std::string transparent_hugepage_mode(const std::filesystem::path& enabled) {
  std::ifstream in(enabled);
  // No such file: a kernel without THP. Any other failure (no file descriptor left, no /sys) is not a finding.
  if (!in && errno != ENOENT) return unknown_fact(enabled.string());
  std::string line;
  std::getline(in, line);
  const auto open = line.find('['), close = line.find(']');
  return open != std::string::npos && close != std::string::npos && open < close
             ? line.substr(open + 1, close - open - 1)
             : std::string();
}

std::string unknown_fact(const std::string& file) { return "unknown (" + file + ": " + std::strerror(errno) + ")"; }

} // namespace policybench
