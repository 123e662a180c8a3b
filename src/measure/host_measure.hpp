// How a host stream is measured: placed host arrays, a cold call from a fresh oneTBB state, warm calls, exact
// validation; every host row differs only in its one call. Beneath it: host thread control and the arrays' pages.
#pragma once

#include "measure/run_config.hpp"
#include "measure/timing.hpp"

#include <oneapi/tbb/global_control.h>

#include <sched.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <type_traits>

namespace policybench {

/// Limits oneTBB and OpenMP to `threads` while alive (std::nullopt: their defaults); throws when threads < 1.
class host_thread_limit {
public:
  explicit host_thread_limit(std::optional<int> threads);
  ~host_thread_limit();
  host_thread_limit(const host_thread_limit&) = delete;
  host_thread_limit& operator=(const host_thread_limit&) = delete;

private:
  std::optional<tbb::global_control> tbb_limit_;
  int omp_previous_ = 0;
};

/// Threads a parallel host policy may use now: oneTBB's max_allowed_parallelism under any active limit.
int host_concurrency();

/// The threads an OpenMP parallel region will have under host_thread_limit(threads), as libgomp resolves a team (at
/// most OMP_THREAD_LIMIT). 1 without OpenMP.
int openmp_team_size(std::optional<int> threads);

/// Stops oneTBB's workers so that the next parallel call pays for starting them; false when oneTBB refused.
bool release_tbb_workers();

/// Sleeps in 1 ms slices until one in which this process used under a tenth of a core, or max_wait_s has passed, and
/// returns the seconds waited: a pool still spinning after its last region (GOMP_SPINCOUNT) would take a core from
/// the next policy's calls. Measured, since the spin time depends on the runtime and its settings.
double wait_for_idle_threads(double max_wait_s = 0.2);

/// While alive, OpenMP thread t is pinned to the (t mod k)-th of the process's k CPUs (STREAM's OMP_PROC_BIND), so the
/// thread that first touched a page keeps updating it. Does nothing without OpenMP or an affinity mask.
class pinned_openmp_threads {
public:
  pinned_openmp_threads();
  ~pinned_openmp_threads();
  pinned_openmp_threads(const pinned_openmp_threads&) = delete;
  pinned_openmp_threads& operator=(const pinned_openmp_threads&) = delete;

private:
  std::optional<cpu_set_t> allowed_; ///< the process's CPUs, given back by the destructor; nullopt: none pinned
};

/// Calls body(begin, end) on contiguous chunks that partition [0, n), split statically, the same for every call: one
/// per OpenMP thread (schedule(static)), oneTBB's static_partitioner, or one on the calling thread.
void for_each_static_chunk(std::size_t n, host_threading threads,
                           const std::function<void(std::size_t, std::size_t)>& body);

/// Calls body(begin, end) on chunks of `chunk` elements that partition [0, n), each taken by the next free thread
/// (schedule(dynamic), oneTBB's simple_partitioner, or in order): a thread slowed by the machine does less.
void for_each_dynamic_chunk(std::size_t n, std::size_t chunk, host_threading threads,
                            const std::function<void(std::size_t, std::size_t)>& body);

/// `bytes` of untouched memory at a 2 MiB boundary in its own mapping (guard regions keep the kernel from merging it
/// with a neighbour), advised per `pages`; whether huge pages arrive is the kernel's choice at first touch (ask
/// huge_page_bytes()). Throws std::bad_alloc when mmap or mprotect fails.
class host_array {
public:
  host_array(std::size_t bytes, page_size pages);
  ~host_array();
  host_array(const host_array&) = delete;
  host_array& operator=(const host_array&) = delete;

  template <class T> T* data() const noexcept { return static_cast<T*>(data_); } ///< nullptr for 0 bytes
  std::size_t bytes() const noexcept { return bytes_; }
  /// Bytes of the array on transparent huge pages now; std::nullopt (unknown, not none) without /proc/self/smaps.
  std::optional<std::uint64_t> huge_page_bytes() const;

private:
  void* mapping_ = nullptr;
  std::size_t mapping_bytes_ = 0;
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  std::size_t mapped_bytes_ = 0; ///< bytes_ rounded up to 2 MiB: the read-write part of the mapping
};

/// Bytes of "AnonHugePages:" over the mappings of an smaps listing that lie wholly in [first, last).
std::uint64_t anon_huge_page_bytes(std::istream& smaps, std::uintptr_t first, std::uintptr_t last);

/// data[i] = value(i), split statically over `threads`: the first touch that places each page.
template <class T, class Value> void first_touch_fill(T* data, std::size_t n, host_threading threads, Value value) {
  for_each_static_chunk(n, threads, [data, &value](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i)
      data[i] = value(i);
  });
}

/// Places workload W's arrays of cfg.size T (first touch by `threading` unless cfg.first_touch is serial) with
/// W::initial, times apply(W{}, operands, cfg.work) after release_tbb_workers(), validates with validate(output,
/// calls) where given (STREAM's copy and scale) or W's own check, and reads the arrays' huge-page bytes.
template <class W, class T, class Apply, class Validate = std::nullptr_t>
measurement measure_workload(const run_config& cfg, host_threading threading, Apply& apply, Validate validate = {}) {
  const std::size_t n = cfg.size, bytes = n * sizeof(T);
  // The output, the first input when out of place and the second input when there is one, each placed alike.
  const host_array out(bytes, cfg.pages), in(W::in_place ? 0 : bytes, cfg.pages),
      in2(W::inputs == 2 ? bytes : 0, cfg.pages);
  const host_array* const arrays[] = {&out, &in, &in2};
  const host_threading touch = cfg.first_touch == first_touch_mode::serial ? host_threading::one_thread : threading;
  for (int k = 0; k < 3; ++k)
    first_touch_fill(arrays[k]->data<T>(), arrays[k]->bytes() / sizeof(T), touch,
                     [&](std::size_t i) { return W::template initial<T>(k, i, n, cfg.work); });
  const operands<T> a{
      .out = out.data<T>(), .in = W::in_place ? out.data<T>() : in.data<T>(), .in2 = in2.data<T>(), .n = n};
  release_tbb_workers();
  run_config timed = cfg; // a parallel call large enough to keep its threads busy is judged on them
  if (threading != host_threading::one_thread && cfg.bytes_per_call() >= parallel_work_floor_bytes)
    timed.call_threads = host_concurrency();
  measurement m;
  m.in_place = time_calls(timed, [&] { apply(W{}, a, cfg.work); });
  if constexpr (std::is_null_pointer_v<Validate>)
    m.validation_error = check_output<W>(static_cast<const T*>(a.out), n, m.in_place.calls, cfg.work);
  else
    m.validation_error = validate(static_cast<const T*>(a.out), m.in_place.calls);
  m.huge_page_bytes = out.huge_page_bytes();
  for (const host_array* input : {&in, &in2})
    if (const auto huge = input->huge_page_bytes(); huge && m.huge_page_bytes && input->bytes())
      *m.huge_page_bytes += *huge;
  m.host_threads = threading;
  return m;
}

} // namespace policybench
