// Memory checks shared by a single run (--size refused) and a size sweep (the series stops early); the THP mode.
#include "machine/memory.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>

namespace policybench {

process_limit<std::uint64_t> host_available_bytes() {
  process_limit<std::uint64_t> out{.value = 0, .source = "MemAvailable"};
  std::ifstream meminfo("/proc/meminfo");
  std::string key, unit;
  std::uint64_t kib = 0;
  while (meminfo >> key >> kib >> unit)
    if (key == "MemAvailable:") out.value = kib * 1024;
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
           " bytes of device memory (two arrays: the copy ceiling's source and destination), only " +
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

std::string unknown_fact(const std::string& file) {
  return "unknown (" + file + ": " + std::strerror(errno) + ")";
}

} // namespace policybench
