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
  const std::size_t element = size_of(cfg.type);
  // GB/s of each array, per footprint, largest first; passes over every footprint, so that a probe out of time has
  // still reached the smallest it could, and its later arrays add spread where it had time.
  std::vector<std::vector<double>> gb_per_s(footprints_bytes.size());
  const auto one_pass = [&] { // false: out of time, or an array did not map
    for (std::size_t i = footprints_bytes.size(); i-- > 0;) {
      if (seconds_since(deadline) >= 0) return false;
      if (footprints_bytes[i] < element) continue;
      const std::size_t n = std::size_t(footprints_bytes[i] / element);
      try {
        gb_per_s[i].push_back(
            visit_element_type(cfg.type, [&]<class T>() { return probe_array<T>(cfg, n, deadline); }));
      } catch (const std::bad_alloc&) {
        return false; // an address-space limit (ulimit -v) below MemAvailable: the next pass would not map either
      }
    }
    return true;
  };
  for (int pass = 0; pass < probe_repeats; ++pass)
    if (!one_pass()) break;
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
