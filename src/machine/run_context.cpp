// When and where a report is written: the clock, the host name, the executable, the CPU's clock and the load.
#include "machine/host_info.hpp"

#include <unistd.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>

namespace policybench {
namespace {

std::string local_iso8601_now() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  if (!::localtime_r(&now, &local)) return "";
  std::array<char, 40> date{}, zone{};
  std::strftime(date.data(), date.size(), "%Y-%m-%dT%H:%M:%S", &local);
  const std::size_t n = std::strftime(zone.data(), zone.size(), "%z", &local); // "+0100"
  if (n != 5) return date.data();
  // "+01:00", as ISO 8601's extended format writes the offset.
  std::string out = date.data();
  out.append(zone.data(), 3).append(":").append(zone.data() + 3, 2);
  return out;
}

int cpu_mhz() {
  std::ifstream max_khz("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
  if (long khz = 0; max_khz >> khz && khz > 0) return int(std::lround(double(khz) / 1000));
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("cpu MHz", 0) == 0 && line.find(':') != std::string::npos)
      return int(std::lround(std::strtod(line.c_str() + line.find(':') + 1, nullptr)));
  return 0;
}

bool scaling_enabled() {
  std::error_code ec;
  for (const auto& cpu : std::filesystem::directory_iterator("/sys/devices/system/cpu", ec)) {
    std::ifstream governor(cpu.path() / "cpufreq" / "scaling_governor");
    if (std::string g; governor >> g && g != "performance") return true;
  }
  return false;
}

} // namespace

run_context query_run_context() {
  run_context c;
  c.date = local_iso8601_now();
  std::array<char, 256> name{};
  if (::gethostname(name.data(), name.size() - 1) == 0) c.host_name = name.data();
  std::error_code ec;
  c.executable = std::filesystem::read_symlink("/proc/self/exe", ec).string();
  c.mhz_per_cpu = cpu_mhz();
  c.cpu_scaling_enabled = scaling_enabled();
  std::array<double, 3> load{};
  if (::getloadavg(load.data(), 3) == 3) c.load_avg.assign(load.begin(), load.end());
  return c;
}

} // namespace policybench
