// timing.hpp's out-of-line parts: the summary statistics, the threads' CPU time and wait for a CPU, the counted calls.
#include "measure/timing.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include <dirent.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

namespace policybench {
namespace {

// Linux's CPU clock of thread `tid`, a per-thread (4) scheduler (2) clock encoded as glibc's pthread_getcpuclockid
// does, for any thread of the process, not only pthreads'.
clockid_t thread_clock(long tid) { return static_cast<clockid_t>(~static_cast<clockid_t>(tid) << 3) | 6; }

// The run delay of thread `tid` (its schedstat's second field) in nanoseconds; -1 when it cannot be read.
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

// Reads every live thread's clock, which brings the process clock up to date (docs/measurement.md, "Effective
// parallelism"), and adds its run delay to `waited_ns` when asked (-1 once any thread's cannot be read).
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

// Which calls count: see stopping_samples and summarize_view.
std::vector<bool> counted_mask(const timed_calls& t, bool keep_disturbed, bool fall_back) {
  std::vector<bool> all(t.warm_s.size(), true);
  if (keep_disturbed || t.disturbed.size() != t.warm_s.size()) return all;
  std::vector<bool> quiet = t.disturbed;
  quiet.flip();
  const auto n = std::size_t(std::count(quiet.begin(), quiet.end(), true));
  // Every call only when too few quiet ones stand alone and most were disturbed: --reps 2 keeps its two quiet ones.
  return fall_back && n < min_counted_calls && 2 * n < t.warm_s.size() ? all : quiet;
}

// The statistics of values already sorted, so that a series sorts its values once.
sample_stats stats_of_sorted(std::span<const double> sorted) {
  const std::size_t n = sorted.size();
  sample_stats s;
  s.min_s = sorted.front();
  s.median_s = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  s.mean_s = std::accumulate(sorted.begin(), sorted.end(), 0.0) / double(n);
  if (n > 1) {
    double squares = 0;
    for (double x : sorted)
      squares += (x - s.mean_s) * (x - s.mean_s);
    s.stddev_s = std::sqrt(squares / double(n - 1));
  }
  s.cv = s.mean_s > 0 ? s.stddev_s / s.mean_s : 0;
  return s;
}

std::optional<median_interval> interval_of_sorted(std::span<const double> sorted, double level) {
  const std::size_t n = sorted.size();
  // P(B = k) = C(n, k) / 2^n in logarithms, so that large n neither overflows nor underflows to 0 too early.
  const auto pmf = [n](std::size_t k) {
    return std::exp(std::lgamma(double(n) + 1) - std::lgamma(double(k) + 1) - std::lgamma(double(n - k) + 1) -
                    double(n) * std::log(2.0));
  };
  // below = P(B <= l - 1); raise l while the next rank still keeps 1 - 2 P(B <= l) >= level.
  double below = 0;
  std::size_t l = 0;
  while (l < n / 2 && 1 - 2 * (below + pmf(l)) >= level)
    below += pmf(l++);
  if (l == 0) return std::nullopt;
  return median_interval{.lower_s = sorted[l - 1],
                         .upper_s = sorted[n - l],
                         .lower_rank = l,
                         .upper_rank = n + 1 - l,
                         .confidence = 1 - 2 * below};
}

// Student's t distribution's 97.5th percentile for `df` degrees of freedom: the table to 10, then the Cornish-Fisher
// expansion around the normal's 1.96 (within 0.003 of the exact value beyond).
double t_975(std::size_t df) {
  constexpr std::array table{12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228};
  if (df <= table.size()) return table[df - 1];
  constexpr double z = 1.959964;
  const double v = double(df);
  return z + (z * z * z + z) / (4 * v) + (5 * std::pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * v * v);
}

} // namespace

std::optional<median_interval> median_confidence_interval(std::span<const double> samples_s, double level) {
  if (!(level > 0 && level < 1)) throw std::invalid_argument("median_confidence_interval: level must be in (0, 1)");
  std::vector<double> sorted(samples_s.begin(), samples_s.end());
  std::sort(sorted.begin(), sorted.end());
  return interval_of_sorted(sorted, level);
}

std::optional<series_summary> summarize_series(std::span<const double> values_s, const std::vector<bool>& counted,
                                               std::span<const std::size_t> round_starts) {
  series_summary s;
  std::vector<double> round_medians, round;
  const auto end_round = [&] {
    std::sort(round.begin(), round.end());
    if (!round.empty()) round_medians.push_back(stats_of_sorted(round).median_s);
    round.clear();
  };
  for (std::size_t i = 0, next = 0; i < values_s.size(); ++i) {
    for (; next < round_starts.size() && round_starts[next] <= i; ++next)
      end_round();
    if (counted.empty() || (i < counted.size() && counted[i])) {
      s.counted_s.push_back(values_s[i]);
      round.push_back(values_s[i]);
    }
  }
  end_round();
  if (s.counted_s.empty()) return std::nullopt;
  std::vector<double> sorted = s.counted_s;
  std::sort(sorted.begin(), sorted.end());
  s.stats = stats_of_sorted(sorted);
  s.interval = interval_of_sorted(sorted, 0.95);
  for (std::size_t i = 1; i < sorted.size(); ++i)
    if (const double gap = sorted[i] - sorted[i - 1]; gap > 0 && (s.tick_s == 0 || gap < s.tick_s)) s.tick_s = gap;
  // What a rerun moves: each round is a batch of the kind a rerun repeats (fresh arrays and placement), so the spread s
  // of the R round medians says how far a whole run's median moves (batch means: its standard error is s/sqrt(R)); a
  // rerun's median, with the same error, lies within median +- t(R-1) s sqrt(2/R) in 95% of reruns. Never past the
  // slowest and fastest round median: few or disturbed rounds (t(1) = 12.7) would reach below any call made.
  std::sort(round_medians.begin(), round_medians.end());
  std::vector<double> held{s.stats.median_s}; // what the interval must hold
  if (const std::size_t r = round_medians.size(); r > 1) {
    const double half = t_975(r - 1) * stats_of_sorted(round_medians).stddev_s * std::sqrt(2.0 / double(r));
    held.insert(held.end(), {std::max(round_medians.front(), s.stats.median_s - half),
                             std::min(round_medians.back(), s.stats.median_s + half)});
  }
  if (s.interval) {
    const auto [low, high] = std::minmax_element(held.begin(), held.end());
    s.interval->lower_s = std::min(s.interval->lower_s, *low);
    s.interval->upper_s = std::max(s.interval->upper_s, *high);
  }
  return s;
}

std::optional<double> median_noise(const series_summary& s) {
  if (!s.interval || !(s.stats.median_s > 0) || s.tick_s == 0) return std::nullopt;
  return std::max(s.interval->upper_s - s.interval->lower_s, s.tick_s) / 2 / s.stats.median_s;
}

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
  const auto mask = counted_mask(t, keep_disturbed, false);
  std::vector<double> out;
  for (std::size_t i = 0; i < t.warm_s.size(); ++i)
    if (mask[i]) out.push_back(kernel ? t.kernel_s[i] : t.warm_s[i]);
  return out;
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
