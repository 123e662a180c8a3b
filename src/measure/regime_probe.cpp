// The regime probe (ceilings.hpp): fresh placed arrays per footprint, largest first, within a time limit.
#include "measure/ceilings.hpp"
#include "measure/host_threads.hpp"
#include "measure/seconds.hpp"
#include "measure/stats.hpp"
#include "measure/stopping.hpp"
#include "measure/thread_clocks.hpp"

#include <algorithm>
#include <cmath>
#include <new>
#include <optional>

namespace policybench {
namespace {

// Timed calls per stream and array: the same few at every footprint, so that a small footprint's fastest call is
// not favoured by being the best of many; fewer when the probe's time runs out (at least one). No cold call: the
// first touch has already faulted the pages in, with the same threads.
constexpr int calls_per_stream = 3;

// One fresh array's figure: GB/s of the fastest undisturbed timed call of both streams (thread_clocks.hpp, as a
// row's calls are judged), or of the fastest call, marked disturbed, where none was undisturbed: a call slowed by
// other work makes a cache footprint read as flat as memory.
struct array_figure {
  double gb_per_s = 0;
  bool disturbed = false;
};

// The figure of one fresh array of n elements; none when Ctrl-C came before its first call.
template <class T>
std::optional<array_figure> probe_array(const run_config& cfg, std::size_t n, steady_clock::time_point deadline) {
  const host_array array(n * sizeof(T), cfg.pages);
  T* const a = array.data<T>();
  first_touch_fill(a, n, touch_threading(cfg.first_touch, ceiling_threading()));
  const auto stream = in_place_update(a);
  double best_s = HUGE_VAL, best_quiet_s = HUGE_VAL;
  const auto fastest_call = [&](auto call, int threads) {
    for (int i = 0; i < calls_per_stream && !interrupt_requested && (i == 0 || seconds_since(deadline) < 0); ++i) {
      const thread_sample before = sample_threads();
      const auto start = steady_clock::now();
      call();
      const double call_s = seconds_since(start);
      best_s = std::min(best_s, call_s);
      if (!judge_call(before, sample_threads(), call_s, threads).disturbed)
        best_quiet_s = std::min(best_quiet_s, call_s);
    }
  };
  // Both streams of the host ceiling that bound its rows: the static split over every thread (judged on them where
  // a row's call would be), and one thread (which still streams at full speed where other work holds the other
  // cores and the split waits for them).
  const double bytes_per_call = 2.0 * double(n * sizeof(T));
  fastest_call([&] { for_each_static_chunk(n, ceiling_threading(), stream); },
               bytes_per_call >= parallel_work_floor_bytes ? host_concurrency() : 0);
  fastest_call([&] { stream(0, n); }, 1);
  if (best_s == HUGE_VAL) return std::nullopt;
  const bool disturbed = best_quiet_s == HUGE_VAL;
  return array_figure{bytes_per_call / 1e9 / (disturbed ? best_s : best_quiet_s), disturbed};
}

} // namespace

std::vector<bandwidth_point> probe_in_place_bandwidth(const run_config& cfg,
                                                      std::span<const std::uint64_t> footprints_bytes, double seconds) {
  const pinned_openmp_threads pinned;
  const auto deadline = seconds_from_now(seconds);
  const std::size_t element = size_of(cfg.type), n = footprints_bytes.size();
  std::vector<std::vector<double>> gb_per_s(n); // GB/s of each array, per footprint
  std::vector<int> disturbed(n, 0);             // arrays without an undisturbed call, per footprint
  // Seconds per byte of the slowest array so far from rate_from's size up (mapping, first touch, calls; smaller
  // arrays' fixed costs would overstate it): an array predicted to end past the limit is not started, since its
  // first touch cannot be cut short (a 512 MB array took 2.2 s on the loaded Xeon VM where the limit was 0.5 s, and
  // the rows paid for it). A busy machine slows every array alike.
  double s_per_byte = 0;
  std::size_t rate_from = 0;
  const auto fits = [&](std::uint64_t bytes) { return double(bytes) * s_per_byte < -seconds_since(deadline); };
  const auto measure = [&](std::size_t i) { // false: the array did not map, or Ctrl-C came
    if (interrupt_requested) return false;
    const auto start = steady_clock::now();
    try {
      const auto figure = visit_element_type(
          cfg.type, [&]<class T>() { return probe_array<T>(cfg, footprints_bytes[i] / element, deadline); });
      if (!figure) return false;
      gb_per_s[i].push_back(figure->gb_per_s);
      disturbed[i] += figure->disturbed;
    } catch (const std::bad_alloc&) {
      return false; // an address-space limit (ulimit -v) below MemAvailable: the next pass would not map either
    }
    if (i >= rate_from) s_per_byte = std::max(s_per_byte, seconds_since(start) / double(footprints_bytes[i]));
    return true;
  };
  // The rate comes first from the footprint about 1/16 of the largest (a figure not kept: the passes stay
  // contiguous from the top); the verdict needs the two largest, so where they would not fit the probe ends there.
  // Then passes over every footprint, largest first, so that a probe out of time has still reached the smallest it
  // could, and its later arrays add spread; each pass ends at the first array that would not fit.
  while (rate_from + 1 < n &&
         (footprints_bytes[rate_from] < element || footprints_bytes[rate_from + 1] * 16 <= footprints_bytes[n - 1]))
    ++rate_from;
  bool go = n > 0 && footprints_bytes[rate_from] >= element && fits(footprints_bytes[rate_from]) &&
            measure(rate_from) && fits(footprints_bytes[n - 1] + (n > 1 ? footprints_bytes[n - 2] : 0));
  if (n > 0) gb_per_s[rate_from].clear(), disturbed[rate_from] = 0;
  for (int pass = 0; go && pass < probe_repeats; ++pass)
    for (std::size_t i = n; go && i-- > 0;)
      if (footprints_bytes[i] >= element) go = fits(footprints_bytes[i]) && measure(i);
  std::vector<bandwidth_point> out;
  for (std::size_t i = 0; i < footprints_bytes.size(); ++i) {
    if (gb_per_s[i].empty()) continue;
    const sample_stats spread = summarize(gb_per_s[i]);
    out.push_back({.bytes = footprints_bytes[i] / element * element,
                   .gb_per_s = spread.median_s,
                   .low_gb_per_s = spread.min_s,
                   .high_gb_per_s = *std::max_element(gb_per_s[i].begin(), gb_per_s[i].end()),
                   .disturbed = 2 * std::size_t(disturbed[i]) > gb_per_s[i].size()});
  }
  return out;
}

} // namespace policybench
