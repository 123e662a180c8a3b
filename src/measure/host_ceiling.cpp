// The host's memory-bandwidth ceilings: the policies' in-place update with a static and a dynamic split over pinned
// threads, and STREAM's copy and scale, all timed over the same placed array.
#include "measure/ceilings.hpp"
#include "measure/host_array.hpp"
#include "measure/host_threads.hpp"
#include "measure/timing.hpp"
#include "policybench/increment.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>

namespace policybench {
namespace {

using index_loop = std::function<void(std::size_t, std::size_t)>;

// Times loop(begin, end) over [0, n) split statically over the ceiling's threads: what differs between the ceilings
// is only the loop.
timed_calls time_stream(const run_config& cfg, std::size_t n, const index_loop& loop) {
  return time_calls(cfg, [&] { for_each_static_chunk(n, ceiling_threading(), loop); });
}

// One huge page of elements per dynamic chunk: small enough to balance, large enough that handing out chunks costs
// nothing measurable next to streaming them.
template <class T> constexpr std::size_t dynamic_chunk = (std::size_t(2) << 20) / sizeof(T);

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
  const index_loop in_place = [a](std::size_t begin, std::size_t end) {
    const increment op;
    for (std::size_t i = begin; i < end; ++i)
      a[i] = op(a[i]);
  };
  c.in_place = time_stream(cfg, cfg.size, in_place);
  c.in_place_dynamic =
      time_calls(cfg, [&] { for_each_dynamic_chunk(cfg.size, dynamic_chunk<T>, ceiling_threading(), in_place); });
  c.in_place_one_thread = time_calls(cfg, [&] { in_place(0, cfg.size); });
  std::atomic<std::uint64_t> copied{0}, scaled{0};
  c.copy = time_stream(cfg, cfg.size,
                       half_to_half(
                           a, [](T x) { return x; }, copied));
  c.scale = time_stream(cfg, cfg.size,
                        half_to_half(
                            a, [](T x) { return T(3) * x; }, scaled));
  // The static split is the same for every call: each call wrote the same elements.
  c.copy_bytes_per_call = 2.0 * double(sizeof(T)) * double(copied) / double(c.copy.calls);
  c.huge_page_bytes = array.huge_page_bytes().value_or(0); // unknown: no rows' bytes known either (warnings.cpp)
  c.round_best_s = {best_call_s(in_place_ceiling(c))};
  return c;
}

} // namespace

double best_call_s(const timed_calls& t) {
  return t.warm_s.empty() ? 0 : *std::min_element(t.warm_s.begin(), t.warm_s.end());
}

const timed_calls& in_place_ceiling(const host_ceilings& c) {
  const timed_calls* best = &c.in_place;
  for (const timed_calls* t : {&c.in_place_dynamic, &c.in_place_one_thread})
    if (!t->warm_s.empty() && (best->warm_s.empty() || best_call_s(*t) < best_call_s(*best))) best = t;
  return *best;
}

host_ceilings measure_host_ceilings(const run_config& cfg) {
  return visit_element_type(cfg.type, [&]<class T>() { return measure_with<T>(cfg); });
}

} // namespace policybench
