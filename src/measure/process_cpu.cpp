// The process's CPU time, exact to the moment it is read, for effective parallelism and idle thread pools.
#include "measure/timing.hpp"

#include <cstdlib>

#include <dirent.h>
#include <time.h>

namespace policybench {
namespace {

// Linux's CPU clock of thread `tid` of this process: a per-thread (4) scheduler (2) clock, encoded as glibc's
// pthread_getcpuclockid encodes it, for any thread of the process, not only those started by pthreads.
clockid_t thread_clock(long tid) { return static_cast<clockid_t>(~static_cast<clockid_t>(tid) << 3) | 6; }

} // namespace

double process_cpu_seconds() noexcept {
  // The process clock (and getrusage) adds up each thread's runtime as the scheduler last recorded it: a thread
  // running on another CPU is behind by up to a scheduler tick (4 ms at HZ=250), most of a window of a few ms.
  // Reading a thread's own clock brings its record up to date, so every live thread's is read first.
  if (DIR* const tasks = ::opendir("/proc/self/task")) {
    while (const dirent* const task = ::readdir(tasks)) {
      timespec ignored{};
      if (const long tid = std::strtol(task->d_name, nullptr, 10); tid > 0)
        ::clock_gettime(thread_clock(tid), &ignored);
    }
    ::closedir(tasks);
  }
  timespec t{};
  if (::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) != 0) return 0;
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

} // namespace policybench
