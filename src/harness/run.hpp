// One comparison run: the one check of what it needs from the machine (made before anything is allocated, by every
// mode: a single run, each kind of sweep, every rank of policybench-mpi), every timed stream (the selected policies
// and their ceilings) measured in the same rounds, keeping each one's outcome, and its typed report.
#pragma once

#include "harness/result.hpp"
#include "harness/schedule.hpp"
#include "machine/device_info.hpp"
#include "machine/host_info.hpp"
#include "policies/registry.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace policybench {

/// What happened to one stream (a policy or a ceiling) in a run. Exactly one of unavailable, error and result is set.
struct policy_outcome {
  std::string name;
  side device;
  std::string backend;
  std::optional<std::string> unavailable; ///< not runnable in this build or on this machine, and why
  std::optional<std::string> error{};     ///< measure() threw (CUDA error text, out of memory)
  std::optional<measurement> result{};
  stream_role role = stream_role::policy;
  ceiling_bound bound = ceiling_bound::none;
};

/// The raw measurements of one run, before to_report turns them into a benchmark_report.
struct measured_run {
  run_config config;
  std::optional<int> threads_limit; ///< the thread limit the run was given, if any
  int host_concurrency = 0;         ///< threads oneTBB could use during the run
  host_info host;
  device_info device;
  std::vector<policy_outcome> outcomes;               ///< in the order given: the policies, then their ceilings
  run_order order;                                    ///< how the policies were ordered (the seed: interleaved only)
  int rounds = 1;                                     ///< base rounds, as the schedule cut them (schedule.hpp)
  std::vector<std::vector<std::string>> round_orders; ///< the policies each round measured, in the order it did
};

/// Whether a stream of `streams` that is available runs on `where`.
bool runs_on(std::span<const policy_entry> streams, side where);

/// `selected` followed by the ceilings (policies/registry.cpp) of each device one of them can run on: what
/// a run, a sweep's point or an MPI job measures.
std::vector<policy_entry> with_ceilings(std::vector<policy_entry> selected, const device_info& device, int work);

/// What a run is about to measure: the policy, its round (1-based) of the run's base rounds (a noise-driven row may
/// take more), and the calls it has made so far.
struct run_step {
  std::string_view policy;
  int round = 1, rounds = 1;
  std::uint64_t calls = 0;
};
/// Called before each measurement of a policy (progress on a terminal).
using progress_callback = std::function<void(const run_step&)>;

/// Measures `streams` (policies and ceilings alike) under `threads` (oneTBB and OpenMP; nullopt: all logical
/// cores): sequentially, each once in the order given, or interleaved, in rounds (schedule.hpp: each round measures
/// every stream still running once, in a shuffled order, on a fresh array; the outcome joins its rounds). The
/// schedule (schedule.hpp) gives each measurement its share of the calls and of the time left, cuts the rounds to
/// what that time holds and ends each row. Before each measurement the host's thread pools are
/// let go idle (wait_for_idle_threads) and `progress` (when set) is called. A stream that throws is recorded with its
/// error and measured no more; the run goes on. Throws std::bad_alloc only from a ceiling (its one array of the run's
/// size does not fit: nothing would).
measured_run run_policies(const run_config& cfg, std::optional<int> threads, host_info host, device_info device,
                          const std::vector<policy_entry>& streams, const run_order& order = {},
                          const progress_callback& progress = {});

/// Sets every GPU view of a device row from its measurement (nullptr: the row did not run, and each is none), so
/// that every device row has the same figures, each view summarized by summarize_view over the calls
/// `keep_disturbed` counts: row.kernel (the CUDA-event times' median and interval) and row.gpu: kernel_gb_per_s
/// (bytes per call / kernel median), no_kernel_time_reason (why a row has none, e.g. it synchronizes inside the
/// call), NVML's SM and memory clocks, e2e_pageable_cold_s, e2e_pageable_median_s, e2e_pinned_median_s and
/// e2e_over_kernel (pageable median / kernel median).
void add_gpu_views(result_row& row, const measurement* m, bool keep_disturbed);

/// The report of one run: environment, one row per outcome in the run's order (its figures as result_row.hpp and
/// rules.hpp define them; none where missing: unavailable policy, no valid loop, a host policy's kernel time), and
/// the warnings (run_warnings). With `per_size_notes` false the cache and noise warnings are left out: a size sweep
/// states them once for its whole series.
benchmark_report to_report(const measured_run& run, bool per_size_notes = true);

/// A run that does not fit in memory; what() is memory_shortfall's line (bytes needed and available).
struct insufficient_memory : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Threads the run would ask for that cannot start; what() is one line that opens with what asked for them
/// ("OMP_NUM_THREADS: ...") when an option or variable did. A usage error to the caller.
struct unstartable_threads : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The memory a run of `selected` may use: host MemAvailable and, when one of them is an available device
/// policy, the device's free memory.
memory_limits run_memory_limits(const std::vector<policy_entry>& selected, const device_info& device);

/// Checks before allocating that the run fits (memory_shortfall: one array on the host, two on the device when a
/// device policy is selected). Throws insufficient_memory.
void check_memory(const run_config& cfg, const std::vector<policy_entry>& selected, const device_info& device);

/// Checks, before any allocation, that a run of cfg.size elements of cfg.type (a sweep: its first point) fits:
/// memory_shortfall against host memory (MemAvailable and the memory cgroup, checked for overflow) and, with an
/// available device policy selected, the device's; then check_thread_start for `threads` (nullopt: every CPU).
/// Throws insufficient_memory (a usage error to the caller, who names the option) or unstartable_threads.
void check_resources(const run_config& cfg, std::optional<int> threads, const std::vector<policy_entry>& selected,
                     const device_info& device);

/// Starts at once the threads oneTBB's workers (at its default concurrency, which it returns to when a --threads
/// limit is lifted) and OpenMP's team (openmp_team_size: `threads`, else OMP_NUM_THREADS or every CPU, at most
/// OMP_THREAD_LIMIT) will need together, each allocating (glibc then reserves its arena), OpenMP's with the stack
/// OMP_STACKSIZE gives them (none where libgomp only warns and keeps the default: below the minimum), while
/// `array_bytes` of address space are held as the run's array will be; then ends them. A limit on processes
/// (ulimit -u), address space (ulimit -v) or an OMP_STACKSIZE that would stop a runtime from starting a thread
/// mid-run (oneTBB then hangs in tbb::finalize or aborts; libgomp ends the process with its own line and exit(1)) is
/// found here instead; a team larger than libgomp can start from the caller's stack (ulimit -s) is refused before
/// any thread starts. Throws unstartable_threads
/// naming the threads and the error.
void check_thread_start(std::optional<int> threads, std::uint64_t array_bytes);

/// libgomp's reading of OMP_STACKSIZE `text`: a count with an optional unit B, K, M or G (any case; K when none),
/// in bytes; std::nullopt for text libgomp ignores as invalid (it then keeps the default stack).
std::optional<std::uint64_t> openmp_stack_bytes(const char* text);

} // namespace policybench
