// timing.hpp's out-of-line parts: the process's CPU time and its threads' wait for a CPU, exact to the moment they
// are read; the counted calls: one mask, applied to durations and to parallelism alike.
#include "measure/timing.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include <dirent.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

namespace policybench {
namespace {

// Linux's CPU clock of thread `tid` of this process: a per-thread (4) scheduler (2) clock, encoded as glibc's
// pthread_getcpuclockid encodes it, for any thread of the process, not only those started by pthreads.
clockid_t thread_clock(long tid) { return static_cast<clockid_t>(~static_cast<clockid_t>(tid) << 3) | 6; }

// The run delay of thread `tid`, the second field of its schedstat, in nanoseconds; -1 when it cannot be read.
long long run_delay_ns(const char* tid) {
  char path[300]; // d_name is at most 255 bytes
  std::snprintf(path, sizeof path, "/proc/self/task/%s/schedstat", tid);
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  char text[96];
  const ssize_t got = ::read(fd, text, sizeof text - 1);
  ::close(fd);
  if (got <= 0) return -1;
  text[got] = '\0';
  unsigned long long on_cpu = 0;
  long long delay = 0;
  return std::sscanf(text, "%llu %lld", &on_cpu, &delay) == 2 ? delay : -1;
}

// Visits every live thread of the process: reads its own clock, which brings the process clock up to date with it
// (docs/measurement.md, "Effective parallelism"), and, when asked, adds its run delay to `waited_ns` (-1 once any
// thread's cannot be read).
void visit_threads(long long* waited_ns) {
  DIR* const tasks = ::opendir("/proc/self/task");
  if (!tasks) {
    if (waited_ns) *waited_ns = -1;
    return;
  }
  while (const dirent* const task = ::readdir(tasks)) {
    const long tid = std::strtol(task->d_name, nullptr, 10);
    if (tid <= 0) continue;
    timespec ignored{};
    ::clock_gettime(thread_clock(tid), &ignored);
    if (waited_ns && *waited_ns >= 0) {
      const long long delay = run_delay_ns(task->d_name);
      *waited_ns = delay < 0 ? -1 : *waited_ns + delay;
    }
  }
  ::closedir(tasks);
}

double process_clock_s() noexcept {
  timespec t{};
  if (::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) != 0) return 0;
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

// Which calls count: see stopping_samples and counted_samples.
std::vector<bool> counted_mask(const timed_calls& t, bool keep_disturbed, bool fall_back) {
  std::vector<bool> all(t.warm_s.size(), true);
  if (keep_disturbed || t.disturbed.size() != t.warm_s.size()) return all;
  std::vector<bool> quiet = t.disturbed;
  quiet.flip();
  const auto n = std::size_t(std::count(quiet.begin(), quiet.end(), true));
  // A row can lean on every call only when it has too few quiet ones to stand alone and most were disturbed: a
  // fixed --reps 2 with one disturbed call beside them still counts its two quiet ones.
  return fall_back && n < min_counted_calls && 2 * n < t.warm_s.size() ? all : quiet;
}

std::vector<double> masked(const std::vector<double>& values, const std::vector<bool>& mask) {
  std::vector<double> out;
  for (std::size_t i = 0; i < values.size() && i < mask.size(); ++i)
    if (mask[i]) out.push_back(values[i]);
  return out;
}

} // namespace

double process_cpu_seconds() noexcept {
  visit_threads(nullptr);
  return process_clock_s();
}

thread_sample sample_threads() noexcept {
  using clock = std::chrono::steady_clock;
  const auto before = clock::now();
  long long waited_ns = 0;
  visit_threads(&waited_ns);
  thread_sample s;
  s.cpu_s = process_clock_s();
  if (waited_ns >= 0) s.waited_s = 1e-9 * double(waited_ns);
  s.at = before + (clock::now() - before) / 2;
  return s;
}

std::vector<double> stopping_samples(const timed_calls& t, bool keep_disturbed) {
  // A device row reports, and so stops on, its kernel times (one per timed call).
  const bool kernel = !t.kernel_s.empty() && t.kernel_s.size() == t.warm_s.size();
  return masked(kernel ? t.kernel_s : t.warm_s, counted_mask(t, keep_disturbed, false));
}

std::vector<double> counted_samples(const timed_calls& t, bool keep_disturbed) {
  return masked(t.warm_s, counted_mask(t, keep_disturbed, true));
}

std::optional<series_summary> summarize_view(const timed_calls& t, timing_view which, bool keep_disturbed) {
  const auto& values = which == timing_view::kernel ? t.kernel_s : t.warm_s;
  if (values.size() != t.warm_s.size()) return std::nullopt; // no kernel times
  return summarize_series(values, counted_mask(t, keep_disturbed, true), t.round_starts);
}

double effective_parallelism(const timed_calls& t, bool keep_disturbed) {
  const auto mask = counted_mask(t, keep_disturbed, true);
  double cpu_s = 0, wall_s = 0;
  for (std::size_t i = 0; i < t.parallelism.size() && i < t.warm_s.size(); ++i)
    if (mask[i]) cpu_s += t.parallelism[i] * t.warm_s[i], wall_s += t.warm_s[i];
  return wall_s > 0 ? cpu_s / wall_s : 0;
}

} // namespace policybench
