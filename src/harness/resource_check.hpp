// The one check of what a run needs from the machine, made before anything is allocated by every mode: a single
// run, each kind of sweep and every rank of policybench-mpi.
#pragma once

#include "harness/run.hpp"
#include "machine/host_info.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

namespace policybench {

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
