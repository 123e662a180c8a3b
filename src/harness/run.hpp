// One comparison run: the one check of what it needs from the machine (made before anything is allocated, by every
// mode), every timed stream (the selected policies and their ceilings) measured in the same rounds, each outcome kept,
// and its typed report (to_report: every row's statistics, % ceiling, warnings); the regime probe, a short size sweep
// of one ceiling row through the same run_policies.
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

/// `selected` followed by the ceilings of `cfg`'s workload and K (ceiling_streams) of each device one of them can run
/// on: what a run, a sweep's point or an MPI job measures.
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

/// Measures `streams` (policies and ceilings alike) under `threads` (oneTBB and OpenMP; nullopt: all logical
/// cores): sequentially, each once in the order given, or interleaved, in rounds, each round every stream still
/// running once, in a shuffled order, on a fresh array; the schedule gives each measurement its stopping rule and
/// ends each row. Before each measurement the host's thread pools are let go idle and `progress` (when set) is
/// called. A stream that throws is recorded with its error and measured no more; the run goes on. Throws
/// std::bad_alloc only from a ceiling (its one array of the run's size does not fit: nothing would).
measured_run run_policies(const run_config& cfg, std::optional<int> threads, host_info host, device_info device,
                          const std::vector<policy_entry>& streams, const run_order& order = {},
                          const progress_callback& progress = {});

/// Sets every GPU view of a device row (row.kernel and row.gpu, result_row.hpp) from its measurement (nullptr: the
/// row did not run, and each is none), each view summarized by summarize_view over the calls `keep_disturbed` counts.
void add_gpu_views(result_row& row, const measurement* m, bool keep_disturbed);

/// The report of one run: environment, one row per outcome in the run's order (row_of in run.cpp: its median and
/// interval from summarize_view -> summarize_series, measure/timing.cpp; then % ceiling and the
/// other shares, rules.cpp), and the warnings (run_warnings). With `per_size_notes` false the cache and noise
/// warnings are left out: a size sweep states them once for its whole series.
benchmark_report to_report(const measured_run& run, bool per_size_notes = true);

/// The seconds a comparison run of each of `workloads` (`selected` with their ceilings) under `order` needs at least,
/// its rows streaming at `gb_per_s` (schedule.hpp's rule for each workload's rows, plus the probe's share): what
/// measure_workloads sets against the run's time.
double run_seconds_needed(const run_config& cfg, std::span<const workload_id> workloads, const device_info& device,
                          const std::vector<policy_entry>& selected, const run_order& order, double gb_per_s);

/// A comparison run of each of `workloads` in turn (cfg's workload replaced), into one report: the regime probe
/// first (measure_regime, in its share of the time; `probing` is called before it; `note` gets one line after it where
/// the run's time cannot hold the rows' base rounds, run_seconds_needed), then each workload's `selected`
/// with their ceilings (with_ceilings) measured by run_policies within its share of the time left (schedule.hpp)
/// and reported by to_report, with its own summary (summarize_run). Several workloads: their rows one after another,
/// each with its workload, their warnings each led by it, environment.config of the run (README "Workloads" says
/// what it holds then). One workload: the run it always was.
benchmark_report measure_workloads(const run_config& cfg, std::span<const workload_id> workloads,
                                   std::optional<int> threads, const host_info& host, const device_info& device,
                                   const std::vector<policy_entry>& selected, const run_order& order,
                                   const progress_callback& progress = {}, const std::function<void()>& probing = {},
                                   const std::function<void(const std::string&)>& note = {});

// The regime probe: memory or cache, measured (classify_regime, rules.hpp, judges its points).
/// The smallest footprint the probe reaches at least: a VM's host may have larger caches than it reports (an EPYC VM
/// reporting 32 MiB streamed 160 MB twice as fast as 800 MB), so the top is never taken from the reported cache; and
/// it must be reachable in the probe's time (a Xeon VM reporting 260 MiB, quiet: 128-512 MB within 6 % of each other,
/// 80 MB up to 30 % faster, 1.02 GB never reached in 2 s, 800 MB reached in 3 s).
inline constexpr std::uint64_t min_probe_top_bytes = 512'000'000;

/// The probe's footprints: 1 MB x 2^k up to max(array_bytes, min_probe_top_bytes), none past half of
/// `available_bytes` (MemAvailable; 0: unknown, no limit), and array_bytes itself (when it fits); ascending.
std::vector<std::uint64_t> probe_footprints(std::uint64_t array_bytes, std::uint64_t available_bytes);

/// The stream the probe sizes: the host in-place ceiling with the static split (policies/registry.cpp).
policy_entry probe_stream();

/// Timed calls of each probe row: the fewest whose median has a 95% interval (median_confidence_interval).
inline constexpr int probe_calls = 6;

/// The probe as a size sweep: probe_stream() measured by run_policies as every row is (one warm-up call, probe_calls
/// timed calls, its share of `clock`'s time as its limit) at each of `footprints_bytes` (ascending) but `skip_bytes`
/// (the run's own array: the run measures it) and those under one element, cfg's type and placement, under
/// `threads`. `clock` starts no footprint it predicts past its time (a first touch cannot be cut short); none once it
/// is spent, after Ctrl-C or after an array that cannot be mapped (its bytes then in `*unmapped_bytes`, where given).
/// Returns the rows measured, ascending.
std::vector<result_row> probe_rows(const run_config& cfg, std::span<const std::uint64_t> footprints_bytes,
                                   std::uint64_t skip_bytes, sweep_clock clock, std::optional<int> threads,
                                   const host_info& host, std::optional<std::uint64_t>* unmapped_bytes = nullptr);

/// Probes for at most `probe_s` seconds (probe_seconds) and classifies the run's working set (run_config's) under
/// `threads` without the in-place ceiling's footprint, one array (with_run_point adds it), when a host row of
/// `selected` can run and the array is not empty; std::nullopt otherwise.
std::optional<regime_report> measure_regime(const run_config& cfg, double probe_s, std::optional<int> threads,
                                            const host_info& host, std::span<const policy_entry> selected);

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

/// Checks that the run fits (memory_shortfall: one array on the host, two on the device when a device policy is
/// selected; the host's MemAvailable and memory cgroup). Throws insufficient_memory.
void check_memory(const run_config& cfg, const std::vector<policy_entry>& selected, const device_info& device);

/// Checks, before any allocation, that a run of cfg.size elements of cfg.type (a sweep: its first point) fits
/// (check_memory), then check_thread_start for `threads` (nullopt: every CPU). Throws insufficient_memory (a usage
/// error to the caller, who names the option) or unstartable_threads.
void check_resources(const run_config& cfg, std::optional<int> threads, const std::vector<policy_entry>& selected,
                     const device_info& device);

/// Starts at once the threads oneTBB's workers and OpenMP's team (openmp_team_size of `threads`) will need together,
/// OpenMP's with OMP_STACKSIZE's stack, while `array_bytes` of address space are held as the run's array will be;
/// then ends them (docs/robustness.md, "Threads", says why and how). Throws unstartable_threads naming the threads and
/// the error.
void check_thread_start(std::optional<int> threads, std::uint64_t array_bytes);

/// libgomp's reading of OMP_STACKSIZE `text`: a count with an optional unit B, K, M or G (any case; K when none),
/// in bytes; std::nullopt for text libgomp ignores as invalid (it then keeps the default stack).
std::optional<std::uint64_t> openmp_stack_bytes(const char* text);

} // namespace policybench
