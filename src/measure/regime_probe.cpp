// The regime probe: fresh placed arrays per footprint, largest first, the in-place stream's fastest call on each,
// within a time limit.
#include "measure/regime_probe.hpp"

#include "measure/host_array.hpp"
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
  const auto time_calls = [&](auto call) {
    for (int i = 0; i < calls_per_stream && (i == 0 || seconds_since(deadline) < 0); ++i) {
      const auto start = steady_clock::now();
      call();
      best_s = std::min(best_s, seconds_since(start));
    }
  };
  // Both streams of the host ceiling that bound its rows: the static split over every thread, and one thread
  // (which still streams at full speed where other work holds the other cores and the split waits for them).
  time_calls([&] { for_each_static_chunk(n, ceiling_threading(), stream); });
  time_calls([&] { stream(0, n); });
  return 2.0 * double(n * sizeof(T)) / 1e9 / best_s;
}

} // namespace

std::vector<bandwidth_point> probe_in_place_bandwidth(const run_config& cfg,
                                                      std::span<const std::uint64_t> footprints_bytes, double seconds) {
  const pinned_openmp_threads pinned;
  const auto deadline = seconds_from_now(seconds);
  const std::size_t element = size_of(cfg.type);
  std::vector<bandwidth_point> out;
  for (auto it = footprints_bytes.rbegin(); it != footprints_bytes.rend() && seconds_since(deadline) < 0; ++it) {
    if (*it < element) continue;
    const std::size_t n = std::size_t(*it / element);
    std::vector<double> gb_per_s;
    try {
      while (gb_per_s.size() < std::size_t(probe_repeats) && (gb_per_s.empty() || seconds_since(deadline) < 0))
        gb_per_s.push_back(visit_element_type(cfg.type, [&]<class T>() { return probe_array<T>(cfg, n, deadline); }));
    } catch (const std::bad_alloc&) {
      break; // an address-space limit (ulimit -v) below MemAvailable: no larger array maps, and no smaller one decides
    }
    const sample_stats spread = summarize(gb_per_s);
    out.push_back({.bytes = n * element,
                   .gb_per_s = spread.median_s,
                   .low_gb_per_s = spread.min_s,
                   .high_gb_per_s = *std::max_element(gb_per_s.begin(), gb_per_s.end())});
  }
  std::reverse(out.begin(), out.end());
  return out;
}

} // namespace policybench
