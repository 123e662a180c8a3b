// Memory checks shared by a single run (--size refused) and a size sweep (the series stops early).
#include "machine/memory.hpp"

#include <fstream>
#include <limits>

namespace policybench {

std::uint64_t host_available_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key, unit;
  std::uint64_t kib = 0;
  while (meminfo >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024;
  return 0;
}

std::optional<std::string> memory_shortfall(std::uint64_t size, std::size_t element_bytes, const memory_limits& limits) {
  const std::string elements = std::to_string(size) + " elements";
  if (size > std::numeric_limits<std::uint64_t>::max() / 2 / element_bytes)
    return elements + " need 2^64 bytes or more (two arrays): beyond the address space";
  const std::uint64_t needed = 2 * size * element_bytes;
  const auto short_of = [&](const char* where, std::uint64_t available, const std::string& verb) {
    return elements + " need " + std::to_string(needed) + " bytes of " + where + " memory (two arrays), only " +
           std::to_string(available) + verb;
  };
  if (limits.host_available_bytes != 0 && needed > limits.host_available_bytes)
    return short_of("host", limits.host_available_bytes, " are available");
  if (limits.device_free_bytes && needed > *limits.device_free_bytes)
    return short_of("device", *limits.device_free_bytes, " are free on " + limits.device_name);
  return std::nullopt;
}

} // namespace policybench
