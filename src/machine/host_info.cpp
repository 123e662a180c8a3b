// What the host is (CPU, caches, oneTBB, compiler, and which parallel backend std::par really got), and when and
// where a report is written: the clock, the host name, the executable, the CPU's clock and the load.
#include "machine/host_info.hpp"
#include "machine/memory.hpp"
#include "policybench/workload.hpp"

#include <oneapi/tbb/info.h>
#include <oneapi/tbb/version.h>
#include <thrust/version.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <unistd.h>

namespace policybench {

std::string cpuinfo_value(std::istream& cpuinfo, std::string_view field) {
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.starts_with(field)) {
      const auto colon = line.find(':');
      if (colon == std::string::npos) return line;
      // "model name\t:" with nothing after it (seen on some VMs and ARM hosts): empty, not substr(npos)'s throw.
      const auto value = line.find_first_not_of(" \t", colon + 1);
      return value == std::string::npos ? "" : line.substr(value);
    }
  return "";
}

namespace {

// The first processor's `field` in /proc/cpuinfo ("model name", "cpu MHz"); empty when absent, unknown_fact when the
// file cannot be read.
std::string cpuinfo_field(const std::string& field) {
  std::ifstream cpuinfo("/proc/cpuinfo");
  if (!cpuinfo) return unknown_fact("/proc/cpuinfo");
  return cpuinfo_value(cpuinfo, field);
}

std::size_t sysconf_bytes(int name) {
  const long v = ::sysconf(name);
  return v > 0 ? static_cast<std::size_t>(v) : 0;
}

// The widest vector extension this translation unit was compiled for: what the host loops may use.
constexpr const char* vector_extension() {
#if defined(__AVX512F__)
  return "AVX-512F";
#elif defined(__AVX2__)
  return "AVX2";
#elif defined(__AVX__)
  return "AVX";
#elif defined(__SSE2__)
  return "SSE2";
#else
  return "no x86 vector extension";
#endif
}

std::string local_iso8601_now() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  if (!::localtime_r(&now, &local)) return "";
  std::array<char, 40> date{};
  const std::size_t n = std::strftime(date.data(), date.size(), "%Y-%m-%dT%H:%M:%S%z", &local);
  // "+0100" -> "+01:00", as ISO 8601's extended format writes the offset (none where the zone is unknown).
  if (n != 24) return std::string(date.data(), n);
  return std::string(date.data(), 22) + ":" + std::string(date.data() + 22, 2);
}

int cpu_mhz() {
  std::ifstream max_khz("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
  if (long khz = 0; max_khz >> khz && khz > 0) return int(std::lround(double(khz) / 1000));
  return int(std::lround(std::atof(cpuinfo_field("cpu MHz").c_str()))); // 0 when absent or unreadable
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

host_info query_host() {
  host_info h;
  h.cpu_model = cpuinfo_field("model name");
  if (h.cpu_model.empty()) h.cpu_model = "unknown (no 'model name' in /proc/cpuinfo)";
  h.cpu_mhz = std::atof(cpuinfo_field("cpu MHz").c_str()); // 0 when absent or unreadable
  h.logical_cores = static_cast<int>(std::thread::hardware_concurrency());
  if (const auto t = host_topology(); t && t->llc_bytes > 0) {
    static_cast<topology&>(h) = *t;
    h.cache_source = "hwloc";
  } else {
    // glibc's CPUID reading: wrong on some VMs (320 MiB of L3 where the kernel says 32 MiB), so only a fallback.
    h.cache_source = "sysconf";
    h.l1d_cache_bytes = sysconf_bytes(_SC_LEVEL1_DCACHE_SIZE);
    h.l2_cache_bytes = sysconf_bytes(_SC_LEVEL2_CACHE_SIZE);
    h.llc_bytes = sysconf_bytes(_SC_LEVEL3_CACHE_SIZE);
    if (h.llc_bytes == 0) h.llc_bytes = h.l2_cache_bytes;
  }
  h.transparent_hugepages = transparent_hugepage_mode();
  h.tbb_version = TBB_runtime_version();
  h.tbb_default_concurrency = tbb::info::default_concurrency();
#if defined(__clang__)
  h.compiler = "clang++ " __clang_version__;
#elif defined(__GNUC__)
  h.compiler = "g++ " __VERSION__;
#endif
  const std::string flags = POLICYBENCH_HOST_ISA_FLAGS;
  h.compiled_for = (flags.empty() ? std::string("baseline") : flags) + " (" + vector_extension() + ")";
#if defined(_GLIBCXX_RELEASE)
  h.standard_library = "libstdc++ " + std::to_string(_GLIBCXX_RELEASE);
#elif defined(_LIBCPP_VERSION)
  h.standard_library = "libc++ " + std::to_string(_LIBCPP_VERSION);
#endif
  h.pstl_backend = pstl_backend();
  h.thrust_version = std::to_string(THRUST_MAJOR_VERSION) + "." + std::to_string(THRUST_MINOR_VERSION) + "." +
                     std::to_string(THRUST_SUBMINOR_VERSION);
#if defined(_OPENMP)
  h.openmp = true;
#endif
  return h;
}

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
