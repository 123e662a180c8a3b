// The CPU mask and the cgroup's limits, read from the kernel's files; a file that cannot be read sets no limit.
#include "machine/memory.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
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

std::uint64_t stat_field(const fs::path& file, const std::string& key) {
  std::ifstream in(file);
  std::string name;
  std::uint64_t value = 0;
  while (in >> name >> value)
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

} // namespace policybench
