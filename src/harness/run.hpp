// One comparison run: whether it fits the machine, every timed stream (policies and ceilings) measured in the same
// rounds, its typed report (to_report); the regime probe, a short size sweep of one ceiling row through run_policies.
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

/// What happened to one stream (a policy or a ceiling) in a run: its registry row, whose `unavailable` then also says
/// why it was not measured (its workload, Ctrl-C), and exactly one of unavailable, error and result.
struct policy_outcome : policy_entry {
  std::optional<std::string> error{}; ///< measure() threw (CUDA error text, out of memory)
  std::optional<measurement> result{};
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

/// `selected` followed by the ceilings of `cfg`'s workload and K on each device one of them runs on.
std::vector<policy_entry> with_ceilings(std::vector<policy_entry> selected, const device_info& device,
                                        const run_config& cfg);

/// What a run is about to measure: the policy, its round (1-based) of the run's base rounds, its calls so far.
struct run_step {
  std::string_view policy;
  int round = 1, rounds = 1;
  std::uint64_t calls = 0;
};
/// Called before each measurement of a policy (progress on a terminal).
using progress_callback = std::function<void(const run_step&)>;

/// Measures `streams` under `threads` (nullopt: all logical cores) in the schedule's rounds (docs/measurement.md,
/// "Interleaved rounds"). A stream that throws keeps its error and is measured no more. Throws std::bad_alloc only
/// from a ceiling (its one array of the run's size does not fit: nothing would).
measured_run run_policies(const run_config& cfg, std::optional<int> threads, host_info host, device_info device,
                          const std::vector<policy_entry>& streams, const run_order& order = {},
                          const progress_callback& progress = {});

/// Sets row.kernel and row.gpu from `m` (nullptr: the row did not run, each view none).
void add_gpu_views(result_row& row, const measurement* m, bool keep_disturbed);

/// The report of one run: one row per outcome (row_of), their shares (rules.hpp) and warnings. Without
/// `per_size_notes` the cache and noise warnings are left out: a sweep states them once for its series.
benchmark_report to_report(const measured_run& run, bool per_size_notes = true);

/// The seconds a run of each of `workloads` needs at least, its rows streaming at `gb_per_s`.
double run_seconds_needed(const run_config& cfg, std::span<const workload_id> workloads, const device_info& device,
                          const std::vector<policy_entry>& selected, const run_order& order, double gb_per_s);

/// The regime probe (`probing` called before it, `note` given a line where the time cannot hold the rows), then each
/// of `workloads` in its share of the time, with ceilings and its own summary, into one report (README "Workloads").
benchmark_report measure_workloads(const run_config& cfg, std::span<const workload_id> workloads,
                                   std::optional<int> threads, const host_info& host, const device_info& device,
                                   const std::vector<policy_entry>& selected, const run_order& order,
                                   const progress_callback& progress = {}, const std::function<void()>& probing = {},
                                   const std::function<void(const std::string&)>& note = {});

/// The smallest top footprint of the regime probe: a VM's host may have larger caches than it reports (an EPYC VM
/// reporting 32 MiB streamed 160 MB twice as fast as 800 MB), yet it must be reachable in the probe's time (a Xeon
/// VM reporting 260 MiB: 128-512 MB within 6 % of each other, 1.02 GB never reached in 2 s).
inline constexpr std::uint64_t min_probe_top_bytes = 512'000'000;

/// 1 MB x 2^k up to max(array_bytes, min_probe_top_bytes) and array_bytes, none past half of `available_bytes`
/// (0: no limit); ascending.
std::vector<std::uint64_t> probe_footprints(std::uint64_t array_bytes, std::uint64_t available_bytes);

/// The stream the probe sizes: the host in-place ceiling with the static split (policies/registry.cpp).
policy_entry probe_stream();

/// Timed calls of each probe row: the fewest whose median has a 95% interval.
inline constexpr int probe_calls = 6;

/// The probe as a size sweep: probe_stream()'s rows at each of `footprints_bytes` but `skip_bytes` (the run measures
/// its own array), probe_calls calls each, no footprint started that `clock` predicts past its time (a first touch
/// cannot be cut short). Ends at Ctrl-C or at an array that cannot be mapped (its bytes then in `*unmapped_bytes`).
std::vector<result_row> probe_rows(const run_config& cfg, std::span<const std::uint64_t> footprints_bytes,
                                   std::uint64_t skip_bytes, sweep_clock clock, std::optional<int> threads,
                                   const host_info& host, std::optional<std::uint64_t>* unmapped_bytes = nullptr);

/// A run that does not fit in memory; what() is memory_shortfall's line (bytes needed and available).
struct insufficient_memory : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Threads the run would ask for that cannot start; what() opens with what asked for them ("OMP_NUM_THREADS: ...").
struct unstartable_threads : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Host MemAvailable and, with an available device policy in `selected`, the device's free memory.
memory_limits run_memory_limits(const std::vector<policy_entry>& selected, const device_info& device);

/// Throws insufficient_memory where the run does not fit (memory_shortfall).
void check_memory(const run_config& cfg, const std::vector<policy_entry>& selected, const device_info& device);

/// check_memory, then check_thread_start, before any allocation (a sweep: at its first point).
void check_resources(const run_config& cfg, std::optional<int> threads, const std::vector<policy_entry>& selected,
                     const device_info& device);

/// Starts at once the threads oneTBB and OpenMP will need, OpenMP's with OMP_STACKSIZE's stack, while `array_bytes` of
/// address space are held, then ends them (docs/robustness.md, "Threads"). Throws unstartable_threads.
void check_thread_start(std::optional<int> threads, std::uint64_t array_bytes);

/// OMP_STACKSIZE `text` in bytes as libgomp reads it (unit B, K, M or G, any case; K when none); nullopt where
/// libgomp ignores it.
std::optional<std::uint64_t> openmp_stack_bytes(const char* text);

} // namespace policybench
