// How a host stream is measured: data in a placed host array, a cold call from a fresh oneTBB state, warm calls,
// exact validation. Every host row measures through it (the registry's entries, STREAM's copy and scale), so they
// differ only in the one call they make (and what its array must hold afterwards). Beneath it: host thread control
// (--threads, the cold oneTBB state, pinned OpenMP threads, static and dynamic splits) and the host array's pages.
#pragma once

#include "measure/run_config.hpp"
#include "measure/timing.hpp"
#include "measure/validation.hpp"

#include <oneapi/tbb/global_control.h>

#include <sched.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace policybench {

/// Limits oneTBB (tbb::global_control max_allowed_parallelism) and OpenMP (omp_set_num_threads) to
/// `threads` while the object lives; std::nullopt leaves both at their defaults. Throws
/// std::invalid_argument when threads is < 1.
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

/// The threads an OpenMP parallel region will have (the calling thread included) under `threads`, a limit that
/// host_thread_limit sets (std::nullopt: none), as libgomp resolves a team: that limit, else its nthreads-var
/// (OMP_NUM_THREADS's first value, else the CPUs it may use), at most OMP_THREAD_LIMIT. 1 without OpenMP.
int openmp_team_size(std::optional<int> threads);

/// Stops oneTBB's worker threads (tbb::finalize) so that the next parallel call pays for starting them:
/// the "cold" state. Returns false when oneTBB refused (workers still busy); the next call is then warm.
bool release_tbb_workers();

/// Sleeps in 1 ms slices until one in which this process used under a tenth of a core, or max_wait_s has passed,
/// and returns the seconds waited: a thread pool still spinning after its last parallel region (libgomp's
/// GOMP_SPINCOUNT default spins for milliseconds; oneTBB's workers briefly) would otherwise take a core from the
/// next policy's calls. Measured, not guessed, since the spin time depends on the runtime and its settings.
double wait_for_idle_threads(double max_wait_s = 0.2);

/// While alive, OpenMP thread t is pinned to the (t mod k)-th of the k CPUs the process may run on, as STREAM runs
/// with OMP_PROC_BIND: the thread that first touched a page keeps updating it. The destructor gives every OpenMP
/// thread the process's CPU set back. Does nothing without OpenMP or an affinity mask.
class pinned_openmp_threads {
public:
  pinned_openmp_threads();
  ~pinned_openmp_threads();
  pinned_openmp_threads(const pinned_openmp_threads&) = delete;
  pinned_openmp_threads& operator=(const pinned_openmp_threads&) = delete;

private:
  std::optional<cpu_set_t> allowed_; ///< the process's CPUs, given back by the destructor; nullopt: none pinned
};

/// Calls body(begin, end) on contiguous chunks that partition [0, n) and returns when all are done. The split is
/// static, the same for every call with the same thread count: one chunk per OpenMP thread (as schedule(static);
/// one thread when built without OpenMP), oneTBB's static_partitioner over the current arena's threads, or one
/// chunk on the calling thread. n = 0 calls nothing.
void for_each_static_chunk(std::size_t n, host_threading threads,
                           const std::function<void(std::size_t, std::size_t)>& body);

/// Calls body(begin, end) on chunks of `chunk` elements (the last one shorter) that partition [0, n), each chunk
/// taken by whichever thread is free next: OpenMP's schedule(dynamic), oneTBB's simple_partitioner, or in order on
/// the calling thread. A thread slowed by the machine then does less of the work. n = 0 calls nothing.
void for_each_dynamic_chunk(std::size_t n, std::size_t chunk, host_threading threads,
                            const std::function<void(std::size_t, std::size_t)>& body);

/// `bytes` bytes of fresh, untouched memory at a 2 MiB boundary, its own mapping (guard regions on both sides keep
/// the kernel from merging it with a neighbour), advised MADV_HUGEPAGE or MADV_NOHUGEPAGE per `pages`. Whether huge
/// pages arrive is the kernel's choice at first touch (transparent-huge-page mode, fragmentation): ask
/// huge_page_bytes() afterwards. 0 bytes maps nothing. Throws std::bad_alloc when mmap or mprotect fails.
class host_array {
public:
  host_array(std::size_t bytes, page_size pages);
  ~host_array();
  host_array(const host_array&) = delete;
  host_array& operator=(const host_array&) = delete;

  template <class T> T* data() const noexcept { return static_cast<T*>(data_); } ///< nullptr for 0 bytes
  std::size_t bytes() const noexcept { return bytes_; }
  /// Bytes of the array backed by transparent huge pages now (AnonHugePages of its mapping); std::nullopt when
  /// /proc/self/smaps cannot be read (no /proc, no file descriptor left): unknown, not "none".
  std::optional<std::uint64_t> huge_page_bytes() const;

private:
  void* mapping_ = nullptr;
  std::size_t mapping_bytes_ = 0;
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  std::size_t mapped_bytes_ = 0; ///< bytes_ rounded up to 2 MiB: the read-write part of the mapping
};

/// Sums "AnonHugePages:" (kB, returned in bytes) over the mappings of a /proc/PID/smaps listing that lie wholly in
/// [first, last): one host_array's mapping, even where the kernel split it. Malformed lines are skipped.
std::uint64_t anon_huge_page_bytes(std::istream& smaps, std::uintptr_t first, std::uintptr_t last);

/// Sets element i of data[0, n) to value(i), in contiguous chunks split statically over `threads`
/// (for_each_static_chunk): the first touch that places each page.
template <class T, class Value> void first_touch_fill(T* data, std::size_t n, host_threading threads, Value value) {
  for_each_static_chunk(n, threads, [data, &value](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i)
      data[i] = value(i);
  });
}

/// Places workload W's arrays, cfg.size elements of T each (cfg.pages; first touch by `threading`, the policy's own
/// threads, unless cfg.first_touch is serial) with their starting values (W::initial), times apply(W{}, operands,
/// cfg.work) as time_calls does (the cold call after release_tbb_workers(); a call of a parallel threading short of
/// its threads is disturbed), then sets validation_error to validate(output, calls made), or without one to W's own
/// check (check_output), and reads the huge-page bytes the arrays got. Throws std::bad_alloc.
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

/// The increment's one array for a stream that brings its own call: apply(first, last, cfg.work), then
/// validate(first, calls made) where given (STREAM's copy and scale, tests that plant a wrong call), else the
/// increment's check: every element is its start + calls x K.
template <class T, class Apply, class Validate = std::nullptr_t>
measurement measure_host(const run_config& cfg, host_threading threading, Apply& apply, Validate validate = {}) {
  auto call = [&](increment_workload, operands<T> a, int work) { apply(a.out, a.out + a.n, work); };
  return measure_workload<increment_workload, T>(cfg, threading, call, validate);
}

} // namespace policybench
