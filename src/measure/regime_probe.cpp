// The regime probe (ceilings.hpp): fresh placed arrays per footprint, largest first, within a time limit.
#include "measure/ceilings.hpp"
#include "measure/host_threads.hpp"
#include "measure/seconds.hpp"
#include "measure/stats.hpp"

#include <algorithm>
#include <cmath>
#include <new>

namespace policybench {
namespace {

// Timed calls per stream and array: the same few at every footprint, so that a small footprint's fastest call is
// not favoured by being the best of many; fewer when the probe's time runs out (at least one). No cold call: the
// first touch has already faulted the pages in, with the same threads.
constexpr int calls_per_stream = 3;

// GB/s of the fastest timed call of both streams over one fresh array of n elements.
template <class T> double probe_array(const run_config& cfg, std::size_t n, steady_clock::time_point deadline) {
  const host_array array(n * sizeof(T), cfg.pages);
  T* const a = array.data<T>();
  first_touch_fill(a, n, touch_threading(cfg.first_touch, ceiling_threading()));
  const auto stream = in_place_update(a);
  double best_s = HUGE_VAL;
  const auto fastest_call = [&](auto call) {
    for (int i = 0; i < calls_per_stream && (i == 0 || seconds_since(deadline) < 0); ++i) {
      const auto start = steady_clock::now();
      call();
      best_s = std::min(best_s, seconds_since(start));
    }
  };
  // Both streams of the host ceiling that bound its rows: the static split over every thread, and one thread
  // (which still streams at full speed where other work holds the other cores and the split waits for them).
  fastest_call([&] { for_each_static_chunk(n, ceiling_threading(), stream); });
  fastest_call([&] { stream(0, n); });
  return 2.0 * double(n * sizeof(T)) / 1e9 / best_s;
}

} // namespace

std::vector<bandwidth_point> probe_in_place_bandwidth(const run_config& cfg,
                                                      std::span<const std::uint64_t> footprints_bytes, double seconds) {
  const pinned_openmp_threads pinned;
  const auto deadline = seconds_from_now(seconds);
  const std::size_t element = size_of(cfg.type), n = footprints_bytes.size();
  std::vector<std::vector<double>> gb_per_s(n); // GB/s of each array, per footprint
  // Seconds per byte of the slowest array so far from rate_from's size up (mapping, first touch, calls; smaller
  // arrays' fixed costs would overstate it): an array predicted to end past the limit is not started, since its
  // first touch cannot be cut short (a 512 MB array took 2.2 s on the loaded Xeon VM where the limit was 0.5 s, and
  // the rows paid for it). A busy machine slows every array alike.
  double s_per_byte = 0;
  std::size_t rate_from = 0;
  const auto fits = [&](std::uint64_t bytes) { return double(bytes) * s_per_byte < -seconds_since(deadline); };
  const auto measure = [&](std::size_t i) { // false: the array did not map
    const auto start = steady_clock::now();
    try {
      gb_per_s[i].push_back(visit_element_type(
          cfg.type, [&]<class T>() { return probe_array<T>(cfg, footprints_bytes[i] / element, deadline); }));
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
  if (n > 0) gb_per_s[rate_from].clear();
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
                   .high_gb_per_s = *std::max_element(gb_per_s[i].begin(), gb_per_s[i].end())});
  }
  return out;
}

} // namespace policybench
