// Topology from hwloc on XML exports of three machines, then this host's last-level cache against lscpu's.
// topology_vm.xml is this 2-core VM as hwloc 2.9 exports it. The others are hwloc's export of its synthetic backend
// (the description is in each file) with the vendors' cache sizes and Linux's CPU numbering (a core's second thread
// is CPU N + cores): EPYC 7763, 32 MiB L3 per 8-core CCD, 512 KiB L2, 32 KiB L1d; i7-8700, 12 MiB L3, 256 KiB L2.
#include <doctest/doctest.h>

#include "machine/host_info.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

using namespace policybench;

namespace {
const std::filesystem::path data = POLICYBENCH_TEST_DATA;
constexpr std::size_t kib = 1024, mib = 1024 * kib;

// The highest data or unified level's size over the whole machine, as lscpu adds it up from the kernel's cache list
// ("L3   33554432" under a header line; the instruction cache "L1i" does not count).
std::optional<std::size_t> lscpu_llc_bytes() {
  FILE* pipe = popen("lscpu -B -C=NAME,ALL-SIZE 2>/dev/null", "r");
  if (!pipe) return std::nullopt;
  std::string out;
  for (char buffer[256]; std::fgets(buffer, sizeof buffer, pipe);)
    out += buffer;
  pclose(pipe);
  std::istringstream lines(out);
  std::optional<std::size_t> llc;
  char top = '0';
  std::string name;
  std::size_t bytes = 0;
  for (std::string line; std::getline(lines, line);)
    if (std::istringstream(line) >> name >> bytes && name.size() >= 2 && name[0] == 'L' && name.back() != 'i' &&
        name[1] > top)
      top = name[1], llc = bytes;
  return llc;
}

// Every figure of `t` against the machine's.
void check_figures(const std::optional<topology>& t, const topology& machine) {
  REQUIRE(t);
  CHECK(t->l1d_cache_bytes == machine.l1d_cache_bytes);
  CHECK(t->l2_cache_bytes == machine.l2_cache_bytes);
  CHECK(t->llc_bytes == machine.llc_bytes);
  CHECK(t->llc_instances == machine.llc_instances);
  CHECK(t->physical_cores == machine.physical_cores);
  CHECK(t->numa_nodes == machine.numa_nodes);
  CHECK(t->cpuset == machine.cpuset);
  CHECK(t->cpu_model == machine.cpu_model);
}
} // namespace

TEST_CASE("2-socket EPYC 7763: 16 L3 domains add up, L1d and L2 are one core's") {
  check_figures(xml_topology(data / "topology_epyc_7763_2s.xml"), {.l1d_cache_bytes = 32 * kib,
                                                                   .l2_cache_bytes = 512 * kib,
                                                                   .llc_bytes = 16 * 32 * mib,
                                                                   .llc_instances = 16,
                                                                   .physical_cores = 128,
                                                                   .numa_nodes = {0, 1},
                                                                   .cpuset = "0-255",
                                                                   .cpu_model = "AMD EPYC 7763 64-Core Processor"});
}

TEST_CASE("a run's cpuset decides which last-level caches it reaches") {
  const auto xml = data / "topology_epyc_7763_2s.xml";
  const auto one_ccd = xml_topology(xml, "0-7,128-135");
  REQUIRE(one_ccd);
  CHECK(one_ccd->llc_bytes == 32 * mib);
  CHECK(one_ccd->llc_instances == 1);
  CHECK(one_ccd->physical_cores == 8);
  CHECK(one_ccd->cpuset == "0-7,128-135");
  const auto one_cpu_per_socket = xml_topology(xml, "0,64");
  REQUIRE(one_cpu_per_socket);
  CHECK(one_cpu_per_socket->llc_bytes == 2 * 32 * mib);
  CHECK(one_cpu_per_socket->llc_instances == 2);
  const auto one_core = xml_topology(xml, "0,128"); // a core's two hardware threads
  REQUIRE(one_core);
  CHECK(one_core->physical_cores == 1);
  CHECK(one_core->l2_cache_bytes == 512 * kib);
}

TEST_CASE("i7-8700 desktop: one 12 MiB L3 over 6 cores, 12 threads") {
  check_figures(xml_topology(data / "topology_i7_8700.xml"), {.l1d_cache_bytes = 32 * kib,
                                                              .l2_cache_bytes = 256 * kib,
                                                              .llc_bytes = 12 * mib,
                                                              .llc_instances = 1,
                                                              .physical_cores = 6,
                                                              .numa_nodes = {0},
                                                              .cpuset = "0-11",
                                                              .cpu_model = "Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz"});
}

TEST_CASE("this 2-core EPYC VM: 32 MiB of L3 as lscpu says, not sysconf's 320 MiB") {
  check_figures(xml_topology(data / "topology_vm.xml"), {.l1d_cache_bytes = 48 * kib,
                                                         .l2_cache_bytes = 1 * mib,
                                                         .llc_bytes = 32 * mib,
                                                         .llc_instances = 1,
                                                         .physical_cores = 2,
                                                         .numa_nodes = {0},
                                                         .cpuset = "0-1",
                                                         .cpu_model = "AMD EPYC"});
}

TEST_CASE("a topology that does not load, a list that does not parse or names no CPU: no topology") {
  CHECK_FALSE(xml_topology(data / "no_such_topology.xml"));
  CHECK_FALSE(xml_topology(data / "thp_enabled_madvise")); // not XML
  CHECK_FALSE(xml_topology(data / "topology_vm.xml", "two"));
  CHECK_FALSE(xml_topology(data / "topology_vm.xml", "2-3"));
}

TEST_CASE("hwloc made to describe another machine (HWLOC_XMLFILE) is not this host: the caches fall back to sysconf") {
  setenv("HWLOC_XMLFILE", (data / "topology_epyc_7763_2s.xml").c_str(), 1);
  const host_info h = query_host();
  unsetenv("HWLOC_XMLFILE");
  CHECK(h.cache_source == "sysconf");
  CHECK(h.llc_instances == 0);
  CHECK(h.physical_cores == 0);
  CHECK(h.cpuset.empty());
  CHECK(h.numa_nodes.empty());
}

TEST_CASE("the transparent-huge-page mode is the bracketed word, none without the file, unknown when unreadable") {
  CHECK(transparent_hugepage_mode(data / "thp_enabled_madvise") == "madvise");
  CHECK(transparent_hugepage_mode(data / "no_such_file").empty());
  // A file that exists but cannot be read says so: "no THP" would be a false finding (and a false warning).
  CHECK(transparent_hugepage_mode(data / "thp_enabled_madvise" / "enabled") ==
        "unknown (" + (data / "thp_enabled_madvise" / "enabled").string() + ": Not a directory)");
}

TEST_CASE("this host: hwloc's last-level cache is lscpu's, where the process may use every online CPU") {
  const host_info h = query_host();
  CHECK(h.cache_source == "hwloc");
  CHECK(h.physical_cores > 0);
  const auto lscpu = lscpu_llc_bytes();
  std::string online;
  std::getline(std::ifstream("/sys/devices/system/cpu/online") >> std::ws, online);
  if (!lscpu || h.cpuset != online) {
    MESSAGE("not compared: lscpu ", (lscpu ? "found" : "missing"), ", cpuset ", h.cpuset, ", online ", online);
    return;
  }
  CHECK(h.llc_bytes == *lscpu);
}
