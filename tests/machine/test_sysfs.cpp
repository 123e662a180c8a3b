// The sysfs readers on fixture trees (tests/data/sysfs_*): caches as lscpu counts them, THP mode, NUMA nodes.
#include <doctest/doctest.h>

#include "machine/host_info.hpp"
#include "machine/sysfs.hpp"

#include <filesystem>

using namespace policybench;

namespace {
const std::filesystem::path data = POLICYBENCH_TEST_DATA;
}

TEST_CASE("one L3 shared by both CPUs counts once: the issue's VM, 32 MiB as lscpu says, not sysconf's 320 MiB") {
  const cpu_caches c = read_cpu_caches(data / "sysfs_one_llc");
  CHECK(c.l1d_bytes == 32 * 1024);
  CHECK(c.l2_bytes == 512 * 1024);
  CHECK(c.llc_bytes == 32768 * 1024);
  CHECK(c.llc_instances == 1);
}

TEST_CASE("one L3 per CPU adds up; Instruction caches and index order do not matter") {
  const cpu_caches c = read_cpu_caches(data / "sysfs_two_llc");
  CHECK(c.l1d_bytes == 48 * 1024); // the 64K index0 is the Instruction cache
  CHECK(c.l2_bytes == 2048 * 1024);
  CHECK(c.llc_bytes == 2 * 1024 * 1024);
  CHECK(c.llc_instances == 2);
}

TEST_CASE("levels come from the level files, not the index order: cpu0's indexes ascend, cpu1's are shuffled") {
  // Every size differs, and the shared L3 ("0-1") and the per-CPU L2s ("0", "1") have different shared lists, so
  // taking a level for another, or keeping a lower level's instances beside the last level's, changes a figure.
  const cpu_caches c = read_cpu_caches(data / "sysfs_shared_llc");
  CHECK(c.l1d_bytes == 32 * 1024);
  CHECK(c.l2_bytes == 1024 * 1024);
  CHECK(c.llc_bytes == 16384 * 1024);
  CHECK(c.llc_instances == 1);
}

TEST_CASE("the transparent-huge-page mode is the bracketed word") {
  CHECK(read_transparent_hugepage_mode(data / "sysfs_one_llc") == "madvise");
  CHECK(read_transparent_hugepage_mode(data / "sysfs_two_llc") == "always");
}

TEST_CASE("NUMA nodes from the online list") {
  CHECK(read_numa_nodes(data / "sysfs_one_llc") == std::vector<int>{0});
  CHECK(read_numa_nodes(data / "sysfs_two_llc") == std::vector<int>{0, 1});
}

TEST_CASE("a missing tree gives zeros and empty values, no exception") {
  const auto missing = data / "no_such_tree";
  const cpu_caches c = read_cpu_caches(missing);
  CHECK(c.l1d_bytes == 0);
  CHECK(c.llc_bytes == 0);
  CHECK(c.llc_instances == 0);
  CHECK(read_transparent_hugepage_mode(missing).empty());
  CHECK(read_numa_nodes(missing).empty());
}

TEST_CASE("kernel sizes") {
  CHECK(parse_kernel_size("48K") == 48 * 1024);
  CHECK(parse_kernel_size("2M") == 2 * 1024 * 1024);
  CHECK(parse_kernel_size("1G") == std::size_t(1) << 30);
  CHECK(parse_kernel_size("512") == 512);
  for (const char* bad : {"", "K", "-1K", "12k", "1KB", " 4K", "99999999999999999999G"})
    CHECK_MESSAGE(!parse_kernel_size(bad), bad);
}

TEST_CASE("kernel lists") {
  CHECK(parse_kernel_list("0") == std::vector<int>{0});
  CHECK(parse_kernel_list("0-3,8,10-11") == std::vector<int>{0, 1, 2, 3, 8, 10, 11});
  CHECK(parse_kernel_list("") == std::vector<int>{});
  for (const char* bad : {"3-1", "0,", ",0", "0-", "a", "0;1", "0-99999999", "-1"})
    CHECK_MESSAGE(!parse_kernel_list(bad), bad);
}

TEST_CASE("this host: the last-level cache comes from sysfs where the kernel has it") {
  const host_info h = query_host();
  if (read_cpu_caches("/sys").llc_bytes > 0) {
    CHECK(h.cache_source == "sysfs");
    CHECK(h.llc_bytes == read_cpu_caches("/sys").llc_bytes);
  } else {
    CHECK(h.cache_source == "sysconf");
  }
}
