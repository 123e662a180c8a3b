// What the host is: CPU, caches, oneTBB, compiler, and which parallel backend std::par really got.
#include "machine/host_info.hpp"
#include "machine/memory.hpp"
#include "policybench/workload.hpp"

#include <oneapi/tbb/info.h>
#include <oneapi/tbb/version.h>
#include <thrust/version.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>

#include <unistd.h>

namespace policybench {
namespace {

// The first processor's `field` in /proc/cpuinfo ("model name", "cpu MHz"); empty when absent, unknown_fact when the
// file cannot be read.
std::string cpuinfo_field(const std::string& field) {
  std::ifstream cpuinfo("/proc/cpuinfo");
  if (!cpuinfo) return unknown_fact("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind(field, 0) == 0) {
      const auto colon = line.find(':');
      return colon == std::string::npos ? line : line.substr(line.find_first_not_of(' ', colon + 1));
    }
  return "";
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

std::string dotted(int major, int minor, int patch) {
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

} // namespace

host_info query_host() {
  host_info h;
  h.cpu_model = cpuinfo_field("model name");
  if (h.cpu_model.empty()) h.cpu_model = "unknown (no 'model name' in /proc/cpuinfo)";
  const std::string mhz = cpuinfo_field("cpu MHz");
  h.cpu_mhz = mhz.empty() || mhz.starts_with("unknown") ? 0 : std::atof(mhz.c_str());
  h.logical_cores = static_cast<int>(std::thread::hardware_concurrency());
  if (const auto t = host_topology(); t && t->llc_bytes > 0) {
    h.cache_source = "hwloc";
    h.physical_cores = t->cores, h.cpuset = t->cpuset, h.numa_nodes = t->numa_nodes;
    h.l1d_cache_bytes = t->l1d_bytes, h.l2_cache_bytes = t->l2_bytes;
    h.llc_bytes = t->llc_bytes, h.llc_instances = t->llc_instances;
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
  h.thrust_version = dotted(THRUST_MAJOR_VERSION, THRUST_MINOR_VERSION, THRUST_SUBMINOR_VERSION);
#if defined(_OPENMP)
  h.openmp = true;
#endif
  return h;
}

} // namespace policybench
