// One comparison run: measure the ceilings, then each selected policy, keeping every policy's outcome.
#pragma once

#include "harness/rounds.hpp"
#include "machine/device_info.hpp"
#include "machine/host_info.hpp"
#include "machine/memory.hpp"
#include "measure/ceilings.hpp"
#include "measure/compute_ceiling.hpp"
#include "policies/registry.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace policybench {

/// What happened to one policy in a run. Exactly one of unavailable, error and result is set.
struct policy_outcome {
  std::string name, device, backend;
  std::optional<std::string> unavailable; ///< not runnable in this build or on this machine, and why
  std::optional<std::string> error{};     ///< measure() threw (CUDA error text, out of memory)
  std::optional<measurement> result{};
};

/// The raw measurements of one run, before results.hpp turns them into a benchmark_report.
struct measured_run {
  run_config config;
  std::optional<int> threads_limit; ///< the thread limit the run was given, if any
  int host_concurrency = 0;         ///< threads oneTBB could use during the run
  host_info host;
  device_info device;
  std::optional<host_ceilings> host_ceiling;       ///< in place (THE host ceiling), copy and scale, one array
  std::optional<device_ceilings> device_ceiling;   ///< the tuned in-place kernel, and a copy beside it
  std::optional<std::string> device_ceiling_error; ///< why the device ceilings were not measured (CUDA text)
  std::optional<compute_ceiling> host_compute, device_compute; ///< --work K > 1 (harness/compute_ceilings.hpp)
  std::vector<policy_outcome> outcomes;                        ///< in registry order
  run_order order;                                    ///< how the policies were ordered (the seed: interleaved only)
  int rounds = 1;                                     ///< base rounds (rounds.hpp)
  std::vector<std::vector<std::string>> round_orders; ///< the policies each round measured, in the order it did
};

/// A run that does not fit in memory; what() is memory_shortfall's line (bytes needed and available).
struct insufficient_memory : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The memory a run of `selected` may use: host MemAvailable and, when one of them is an available device
/// policy, the device's free memory.
memory_limits run_memory_limits(const std::vector<policy_entry>& selected, const device_info& device);

/// Checks before allocating that the run fits (memory_shortfall: one array on the host, two on the device when a
/// device policy is selected). Throws insufficient_memory.
void check_memory(const run_config& cfg, const std::vector<policy_entry>& selected, const device_info& device);

/// What a run is about to measure: the policy, its round (1-based) of the run's base rounds (a noise-driven row may
/// take more), and the calls it has made so far.
struct run_step {
  std::string_view policy;
  int round = 1, rounds = 1;
  std::uint64_t calls = 0;
};
/// Called before each measurement of a policy (progress on a terminal).
using progress_callback = std::function<void(const run_step&)>;

/// Measures the device ceiling and then the selected policies under `threads` (oneTBB and OpenMP; nullopt: all
/// logical cores): sequentially, the host ceiling and then each policy once in registry order, or interleaved, in
/// rounds (rounds.hpp: each round measures the host ceiling and then every policy still running once, on a fresh
/// array, with its share of the timed calls, until each row's criterion holds; the outcome joins its rounds).
/// Before each measurement the host's thread pools are let go idle (wait_for_idle_threads). `progress` (when set)
/// is called before each measurement. With cfg.deadline, every measurement gets a fair share of the time left
/// (harness/budget.hpp) and rows still running at the deadline stop ("budget"). The host ceiling is measured only
/// when a host policy runs. A policy that throws is recorded with its error and measured no
/// more, as is a device ceiling that throws; the run goes on. Throws std::bad_alloc only from the host ceiling
/// (each round's first allocation of the run's size).
measured_run run_policies(const run_config& cfg, std::optional<int> threads, host_info host, device_info device,
                          const std::vector<policy_entry>& selected, const run_order& order = {},
                          const progress_callback& progress = {});

} // namespace policybench
