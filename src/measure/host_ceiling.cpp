// The host's memory-bandwidth ceilings: the policies' in-place update with a static split over pinned threads,
// and STREAM's copy and scale, all through one timed stream over the same placed array.
#include "measure/ceilings.hpp"
#include "measure/host_array.hpp"
#include "measure/host_threads.hpp"
#include "measure/timing.hpp"
#include "policybench/increment.hpp"

#include <atomic>
#include <cstddef>
#include <functional>

namespace policybench {
namespace {

// Times loop(begin, end) over [0, n) split statically over the ceiling's threads: what differs between the ceilings
// is only the loop.
timed_calls time_stream(const run_config& cfg, std::size_t n,
                        const std::function<void(std::size_t, std::size_t)>& loop) {
  return time_calls(cfg, [&] { for_each_static_chunk(n, ceiling_threading(), loop); });
}

// STREAM's copy and scale, out[i] = op(in[i]), from the first half of each thread's chunk to its second half, so
// every page stays with the thread that first touched it. `moved` counts the elements written.
template <class T, class Op> auto half_to_half(T* a, Op op, std::atomic<std::uint64_t>& moved) {
  return [a, op, &moved](std::size_t begin, std::size_t end) {
    const std::size_t half = (end - begin) / 2;
    const T* const in = a + begin;
    T* const out = a + begin + half;
    for (std::size_t i = 0; i < half; ++i)
      out[i] = op(in[i]);
    moved.fetch_add(half, std::memory_order_relaxed);
  };
}

template <class T> host_ceilings measure_with(const run_config& cfg) {
  const pinned_openmp_threads pinned;
  const host_array array(cfg.size * sizeof(T), cfg.pages);
  T* const a = array.data<T>();
  first_touch_fill(a, cfg.size, touch_threading(cfg.first_touch, ceiling_threading()));
  release_tbb_workers();
  host_ceilings c;
  c.in_place = time_stream(cfg, cfg.size, [a](std::size_t begin, std::size_t end) {
    const increment op;
    for (std::size_t i = begin; i < end; ++i)
      a[i] = op(a[i]);
  });
  std::atomic<std::uint64_t> copied{0}, scaled{0};
  c.copy = time_stream(cfg, cfg.size,
                       half_to_half(
                           a, [](T x) { return x; }, copied));
  c.scale = time_stream(cfg, cfg.size,
                        half_to_half(
                            a, [](T x) { return T(3) * x; }, scaled));
  // The static split is the same for every call: each call wrote the same elements.
  c.copy_bytes_per_call = 2.0 * double(sizeof(T)) * double(copied) / double(c.copy.calls);
  c.huge_page_bytes = array.huge_page_bytes();
  return c;
}

} // namespace

host_ceilings measure_host_ceilings(const run_config& cfg) {
  return visit_element_type(cfg.type, [&]<class T>() { return measure_with<T>(cfg); });
}

} // namespace policybench
