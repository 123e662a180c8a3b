// STREAM's copy and scale on the host: each thread copies the first half of its static chunk to the second half, so
// every page stays with the thread that first touched it and the run's peak memory stays one array.
#include "measure/ceilings.hpp"
#include "measure/host_array.hpp"
#include "measure/host_threads.hpp"
#include "measure/timing.hpp"
#include "measure/validation.hpp"

#include <atomic>
#include <cstddef>
#include <string>

namespace policybench {
namespace {

template <class T> measurement measure_with(const run_config& cfg, bool scale) {
  const pinned_openmp_threads pinned;
  const host_array array(cfg.size * sizeof(T), cfg.pages);
  T* const a = array.data<T>();
  first_touch_fill(a, cfg.size, touch_threading(cfg.first_touch, ceiling_threading()));
  release_tbb_workers();
  const T factor = scale ? T(3) : T(1);
  std::atomic<std::uint64_t> written{0};
  const auto half_to_half = [&](std::size_t begin, std::size_t end) {
    const std::size_t half = (end - begin) / 2;
    const T* const in = a + begin;
    T* const out = a + begin + half;
    for (std::size_t i = 0; i < half; ++i)
      out[i] = factor * in[i];
    written.fetch_add(half, std::memory_order_relaxed);
  };
  run_config timed = cfg; // judged on its threads, as the policies are (measure/host_measure.hpp)
  if (cfg.bytes_per_call() >= parallel_work_floor_bytes) timed.call_threads = host_concurrency();
  measurement m;
  m.in_place = time_calls(timed, [&] { for_each_static_chunk(cfg.size, ceiling_threading(), half_to_half); });
  // The static split is the same for every call: each call wrote the same elements.
  m.bytes_per_call = 2.0 * double(sizeof(T)) * double(written) / double(m.in_place.calls);
  // Again split statically: each half pair is found where the calls wrote it.
  std::atomic<bool> exact{true};
  for_each_static_chunk(cfg.size, ceiling_threading(), [&](std::size_t begin, std::size_t end) {
    const std::size_t half = (end - begin) / 2;
    for (std::size_t i = begin; i < begin + half; ++i)
      if (a[i] != expected_value<T>(i, 0) || a[i + half] != factor * a[i]) exact = false;
  });
  if (!exact) m.validation_error = std::string(scale ? "scale" : "copy") + ": an element differs from its source";
  m.huge_page_bytes = array.huge_page_bytes();
  m.host_threads = ceiling_threading();
  return m;
}

} // namespace

measurement measure_host_copy_stream(const run_config& cfg, bool scale) {
  return visit_element_type(cfg.type, [&]<class T>() { return measure_with<T>(cfg, scale); });
}

} // namespace policybench
