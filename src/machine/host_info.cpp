// The host from hwloc, the kernel's files and the compiler; the limits from the kernel's files, where a file that
// cannot be read sets no limit; the memory check a single run (--size refused) and a size sweep (it stops) share.
#include "machine/host_info.hpp"
#include "policybench/workload.hpp"

#include <hwloc.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/version.h>
#include <thrust/version.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <limits>
#include <memory>
#include <thread>

#include <sched.h>
#include <unistd.h>

namespace policybench {
namespace {

namespace fs = std::filesystem;

using topology_handle =
    std::unique_ptr<hwloc_topology, decltype([](hwloc_topology_t t) { hwloc_topology_destroy(t); })>;
using bitmap = std::unique_ptr<hwloc_bitmap_s, decltype([](hwloc_bitmap_t b) { hwloc_bitmap_free(b); })>;

// This host when `xml` is null. Without flags hwloc leaves out the CPUs the cgroup forbids.
topology_handle load(const char* xml) {
  hwloc_topology_t t = nullptr;
  if (hwloc_topology_init(&t) != 0) return nullptr;
  topology_handle owned(t);
  if ((xml && hwloc_topology_set_xml(t, xml) != 0) || hwloc_topology_load(t) != 0) return nullptr;
  return owned;
}

// The topology of `t` for its allowed CPUs that are also in `wanted`.
std::optional<topology> describe(hwloc_topology_t t, hwloc_const_cpuset_t wanted) {
  const bitmap allowed(hwloc_bitmap_alloc());
  if (!allowed) return std::nullopt;
  hwloc_bitmap_and(allowed.get(), wanted, hwloc_topology_get_allowed_cpuset(t));
  const hwloc_const_cpuset_t run = allowed.get();
  const hwloc_obj_t first = hwloc_get_obj_inside_cpuset_by_type(t, run, HWLOC_OBJ_PU, 0);
  if (!first) return std::nullopt;
  topology out;
  // hwloc's L1 type is the data (or unified) cache; instruction caches are a type of their own.
  for (hwloc_obj_t up = first->parent; up; up = up->parent) {
    if (up->type == HWLOC_OBJ_L1CACHE) out.l1d_cache_bytes = up->attr->cache.size;
    if (up->type == HWLOC_OBJ_L2CACHE) out.l2_cache_bytes = up->attr->cache.size;
  }
  // From the highest level down: the first level the run's CPUs reach is the last-level cache.
  for (const hwloc_obj_type_t level :
       {HWLOC_OBJ_L5CACHE, HWLOC_OBJ_L4CACHE, HWLOC_OBJ_L3CACHE, HWLOC_OBJ_L2CACHE, HWLOC_OBJ_L1CACHE}) {
    for (hwloc_obj_t cache = nullptr; (cache = hwloc_get_next_obj_by_type(t, level, cache));)
      if (hwloc_bitmap_intersects(cache->cpuset, run)) {
        out.llc_bytes += cache->attr->cache.size;
        ++out.llc_instances;
      }
    if (out.llc_instances > 0) break;
  }
  for (hwloc_obj_t core = nullptr; (core = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_CORE, core));)
    out.physical_cores += hwloc_bitmap_intersects(core->cpuset, run);
  for (hwloc_obj_t node = nullptr; (node = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_NUMANODE, node));)
    out.numa_nodes.push_back(int(node->os_index));
  const hwloc_obj_t package = hwloc_get_ancestor_obj_by_type(t, HWLOC_OBJ_PACKAGE, first);
  if (const char* model = package ? hwloc_obj_get_info_by_name(package, "CPUModel") : nullptr) out.cpu_model = model;
  char* list = nullptr;
  if (hwloc_bitmap_list_asprintf(&list, run) >= 0) out.cpuset = list;
  std::free(list);
  return out;
}

// This host, for the CPUs this process is bound to (taskset, cgroup cpuset); none when hwloc cannot load it.
std::optional<topology> host_topology() {
  const topology_handle t = load(nullptr);
  const bitmap bound(hwloc_bitmap_alloc());
  // HWLOC_XMLFILE or HWLOC_SYNTHETIC in the environment make hwloc describe another machine: not this run's.
  if (!t || !bound || !hwloc_topology_is_thissystem(t.get())) return std::nullopt;
  // Every thread's binding, OR-ed: before the runtimes start their workers, the main thread's affinity mask.
  if (hwloc_get_cpubind(t.get(), bound.get(), HWLOC_CPUBIND_PROCESS) != 0)
    hwloc_bitmap_copy(bound.get(), hwloc_topology_get_allowed_cpuset(t.get()));
  return describe(t.get(), bound.get());
}

// "unknown (<file>: <strerror(errno)>)", e.g. "unknown (/proc/cpuinfo: Too many open files)": the one way a fact that
// could not be read is written, never a value that poses as a finding ("", 0, "none").
std::string unknown_fact(const std::string& file) { return "unknown (" + file + ": " + std::strerror(errno) + ")"; }

// cpuinfo_value of /proc/cpuinfo, unknown_fact when the file cannot be read.
std::string cpuinfo_field(const std::string& field) {
  std::ifstream cpuinfo("/proc/cpuinfo");
  if (!cpuinfo) return unknown_fact("/proc/cpuinfo");
  return cpuinfo_value(cpuinfo, field);
}

std::size_t sysconf_bytes(int name) { return std::size_t(std::max(0L, ::sysconf(name))); } // -1: unknown

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

// Word `index` of `file` (0: the first); none when the file cannot be read or is shorter.
std::optional<std::string> word_in(const fs::path& file, int index = 0) {
  std::ifstream in(file);
  std::string word;
  for (int i = 0; i <= index; ++i)
    if (!(in >> word)) return std::nullopt;
  return word;
}

// word_in as a whole unsigned number; none for anything else ("-1", "max").
std::optional<std::uint64_t> number_in(const fs::path& file, int index = 0) {
  const std::string text = word_in(file, index).value_or("");
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

std::optional<topology> xml_topology(const std::filesystem::path& xml, std::string_view cpus) {
  const topology_handle t = load(xml.c_str());
  const bitmap wanted(hwloc_bitmap_alloc());
  if (!t || !wanted) return std::nullopt;
  if (cpus.empty()) return describe(t.get(), hwloc_topology_get_allowed_cpuset(t.get()));
  if (hwloc_bitmap_list_sscanf(wanted.get(), std::string(cpus).c_str()) != 0) return std::nullopt;
  return describe(t.get(), wanted.get());
}

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

host_info query_host() {
  host_info h;
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
  if (h.cpu_model.empty()) h.cpu_model = cpuinfo_field("model name");
  if (h.cpu_model.empty()) h.cpu_model = "unknown (no 'model name' in /proc/cpuinfo)";
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
  c.executable = fs::read_symlink("/proc/self/exe", ec).string();
  if (const auto khz = number_in("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"); khz && *khz > 0)
    c.mhz_per_cpu = int(std::lround(double(*khz) / 1000));
  else // 0 when absent or unreadable
    c.mhz_per_cpu = int(std::lround(std::atof(cpuinfo_field("cpu MHz").c_str())));
  for (const auto& cpu : fs::directory_iterator("/sys/devices/system/cpu", ec))
    if (const auto governor = word_in(cpu.path() / "cpufreq" / "scaling_governor"))
      c.cpu_scaling_enabled = c.cpu_scaling_enabled || *governor != "performance";
  std::array<double, 3> load{};
  if (::getloadavg(load.data(), 3) == 3) c.load_avg.assign(load.begin(), load.end());
  return c;
}

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
  for (std::string word; in >> word;)
    if (word.size() > 2 && word.front() == '[' && word.back() == ']') return word.substr(1, word.size() - 2);
  return "";
}

} // namespace policybench
