// The regime probe: one placed array per footprint, the in-place stream's fastest call on each, within a time limit.
#include "measure/regime_probe.hpp"

#include "measure/host_array.hpp"
#include "measure/host_threads.hpp"
#include "measure/seconds.hpp"
#include "measure/timing.hpp"

#include <algorithm>
#include <new>

namespace policybench {
namespace {

// Seconds of timed calls per stream and footprint: enough calls at a few MB for a best call that is not a
// scheduler's accident, few enough at a GB that the largest footprints stay affordable (2 calls there).
constexpr double calls_per_point_s = 0.01;
constexpr int fewest_calls = 2, most_calls = 100;

template <class T>
bandwidth_point probe_one(const run_config& cfg, std::uint64_t bytes, int reps, steady_clock::time_point deadline) {
  const std::size_t n = std::size_t(bytes / sizeof(T));
  const host_array array(n * sizeof(T), cfg.pages);
  T* const a = array.data<T>();
  first_touch_fill(a, n, touch_threading(cfg.first_touch, ceiling_threading()));
  const auto stream = in_place_update(a);
  const auto best_s = [&](auto call) {
    run_config calls = cfg;
    calls.warmup = 0, calls.reps = reps, calls.min_time_s = 0, calls.max_noise = 0, calls.before_each_call = {};
    calls.timeout_s = std::max(1e-9, -seconds_since(deadline)), calls.timeout_is_budget = true;
    const auto t = time_calls(calls, call);
    return *std::min_element(t.warm_s.begin(), t.warm_s.end()); // time_calls makes at least one timed call
  };
  // Both streams of the host ceiling that bound its rows: the static split over every thread, and one thread
  // (which still streams at full speed where other work holds the other cores and the split waits for them).
  const double parallel_s = best_s([&] { for_each_static_chunk(n, ceiling_threading(), stream); });
  const double one_thread_s = best_s([&] { stream(0, n); });
  return {.bytes = n * sizeof(T), .gb_per_s = 2.0 * double(n * sizeof(T)) / 1e9 / std::min(parallel_s, one_thread_s)};
}

} // namespace

std::vector<bandwidth_point> probe_in_place_bandwidth(const run_config& cfg,
                                                      std::span<const std::uint64_t> footprints_bytes, double seconds) {
  const pinned_openmp_threads pinned;
  const auto deadline = seconds_from_now(seconds);
  std::vector<bandwidth_point> out;
  double last_cost_s = 0;
  for (const std::uint64_t bytes : footprints_bytes) {
    if (bytes < size_of(cfg.type)) continue;
    const double left_s = -seconds_since(deadline);
    // A footprint costs about in proportion to its bytes (first touch, then calls of 2 x bytes each).
    const double estimate_s = out.empty() ? 0 : last_cost_s * double(bytes) / double(out.back().bytes);
    if (left_s <= 0 || estimate_s > left_s) break;
    // As many calls as fill calls_per_point_s at the last footprint's bandwidth.
    const int reps = out.empty() ? most_calls
                                 : int(std::clamp(calls_per_point_s * out.back().gb_per_s * 1e9 / (2.0 * double(bytes)),
                                                  double(fewest_calls), double(most_calls)));
    const auto point_start = steady_clock::now();
    try {
      out.push_back(visit_element_type(cfg.type, [&]<class T>() { return probe_one<T>(cfg, bytes, reps, deadline); }));
    } catch (const std::bad_alloc&) {
      break; // an address-space limit (ulimit -v) below MemAvailable: the larger footprints would not map either
    }
    last_cost_s = seconds_since(point_start);
  }
  return out;
}

} // namespace policybench
