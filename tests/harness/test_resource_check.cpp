// The one resource check: the cgroup's CPU quota and memory limit read from made-up cgroup trees (v2 and v1),
// libgomp's reading of OMP_STACKSIZE, threads that start where they can, and OpenMP's that libgomp cannot start.
#include <doctest/doctest.h>

#include "harness/run.hpp"
#include "machine/host_info.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#if defined(_OPENMP)
#include <omp.h>
#endif

using namespace policybench;
namespace fs = std::filesystem;

namespace {

// A made-up cgroup tree under a fresh temporary directory, removed when the test ends.
struct fake_cgroups {
  fs::path root = fs::temp_directory_path() / ("policybench-cgroup-" + std::to_string(::getpid()));
  cgroup_files files{.membership = root / "self_cgroup", .root = root / "fs"};
  fake_cgroups() { fs::create_directories(files.root); }
  ~fake_cgroups() { fs::remove_all(root); }
  void write(const fs::path& relative, const std::string& text) const {
    fs::create_directories((root / relative).parent_path());
    std::ofstream(root / relative) << text << '\n';
  }
};

} // namespace

TEST_CASE("cgroup v2: cpu.max's quota rounded up limits the CPUs, memory.max less what is charged is the headroom") {
  fake_cgroups t;
  t.write("self_cgroup", "0::/job");
  t.write("fs/cgroup.controllers", "cpu memory");
  t.write("fs/job/cpu.max", "max 100000");
  CHECK(usable_cpus(t.files).source.find("cgroup") == std::string::npos); // "max": no quota
  CHECK_FALSE(cgroup_memory_headroom(t.files));                           // no memory.max: no limit
  t.write("fs/job/cpu.max", "50000 100000");
  CHECK(usable_cpus(t.files).value == 1);
  CHECK(usable_cpus(t.files).source.find("fs/job/cpu.max") != std::string::npos);
  t.write("fs/job/memory.max", "300000000");
  t.write("fs/job/memory.current", "100000000");
  t.write("fs/job/memory.stat", "anon 90000000\ninactive_file 10000000");
  const auto headroom = cgroup_memory_headroom(t.files);
  REQUIRE(headroom);
  CHECK(headroom->value == 210'000'000); // 300 MB - (100 MB charged - 10 MB reclaimable cache)
  t.write("fs/memory.max", "250000000"); // a lower limit above the process's cgroup binds too
  t.write("fs/memory.current", "200000000");
  CHECK(cgroup_memory_headroom(t.files)->value == 50'000'000);
}

TEST_CASE("cgroup v1: cfs quota and memory.limit_in_bytes, the unlimited values limiting nothing") {
  fake_cgroups t;
  t.write("self_cgroup", "4:memory:/a\n2:cpu,cpuacct:/a");
  t.write("fs/cpu,cpuacct/a/cpu.cfs_quota_us", "-1");
  t.write("fs/cpu,cpuacct/a/cpu.cfs_period_us", "100000");
  t.write("fs/memory/a/memory.limit_in_bytes", "9223372036854771712");
  t.write("fs/memory/a/memory.usage_in_bytes", "1000");
  CHECK(usable_cpus(t.files).source.find("cgroup") == std::string::npos);
  CHECK_FALSE(cgroup_memory_headroom(t.files));
  t.write("fs/cpu,cpuacct/a/cpu.cfs_quota_us", "50000");
  CHECK(usable_cpus(t.files).value == 1);
  t.write("fs/memory/a/memory.limit_in_bytes", "5000");
  CHECK(cgroup_memory_headroom(t.files)->value == 4000);
}

TEST_CASE("OMP_STACKSIZE as libgomp reads it: K by default, B/K/M/G in any case, anything else ignored") {
  CHECK(openmp_stack_bytes("16") == 16u << 10);
  CHECK(openmp_stack_bytes("100G") == 100ull << 30);
  CHECK(openmp_stack_bytes(" 4 m ") == 4u << 20);
  CHECK(openmp_stack_bytes("512b") == 512u);
  for (const char* ignored : {"", "abc", "-1", "10x", "1.5M", "99999999999999999999G"}) {
    CAPTURE(ignored);
    CHECK_FALSE(openmp_stack_bytes(ignored));
  }
  CHECK_FALSE(openmp_stack_bytes(nullptr));
}

TEST_CASE("check_thread_start passes where threads can start, for every limit") {
  CHECK_NOTHROW(check_thread_start(std::nullopt, 1 << 20));
  CHECK_NOTHROW(check_thread_start(1, 0));
  CHECK_NOTHROW(check_thread_start(2, 8 << 20));
}

TEST_CASE("an OMP_STACKSIZE below the minimum, which libgomp only warns about, is no limit") {
  const char* const before = std::getenv("OMP_STACKSIZE");
  const std::string kept = before ? before : "";
  for (const char* tiny : {"1", "0"}) {
    CAPTURE(tiny);
    ::setenv("OMP_STACKSIZE", tiny, 1);
    CHECK_NOTHROW(check_thread_start(2, 0));
  }
  before ? ::setenv("OMP_STACKSIZE", kept.c_str(), 1) : ::unsetenv("OMP_STACKSIZE");
}

#if defined(_OPENMP)
TEST_CASE("an OpenMP team larger than libgomp can start from an 8 MiB stack is refused before any thread starts") {
  rlimit stack{};
  REQUIRE(::getrlimit(RLIMIT_STACK, &stack) == 0);
  rlimit eight_mib = stack;
  eight_mib.rlim_cur = 8 << 20;
  REQUIRE(::setrlimit(RLIMIT_STACK, &eight_mib) == 0);
  const int before = omp_get_max_threads();
  omp_set_num_threads(32769); // what OMP_NUM_THREADS=32769 sets
  try {
    check_thread_start(std::nullopt, 0);
    FAIL("no error");
  } catch (const unstartable_threads& e) {
    CHECK(std::string(e.what()).find(": a team of 32769 OpenMP threads is more than libgomp can start from a stack of "
                                     "8192 KiB (ulimit -s): at most 32768 ") != std::string::npos);
  }
  omp_set_num_threads(before);
  REQUIRE(::setrlimit(RLIMIT_STACK, &stack) == 0);
}
#endif
