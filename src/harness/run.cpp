// One comparison run: whether it fits (its arrays in host memory, MemAvailable and the cgroup's limit, and the
// device's; the threads oneTBB and OpenMP will start, with their stacks), then streams -> rounds -> each stream's
// measurement, errors kept per stream.
#include "harness/run.hpp"

#include "harness/schedule.hpp"
#include "measure/host_measure.hpp"
#include "measure/run_config.hpp"
#include "measure/timing.hpp"
#include "policies/registry.hpp"

#include <oneapi/tbb/info.h>

#include <pthread.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <latch>
#include <new>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

namespace policybench {
namespace {

// What asked OpenMP for its team of `team` threads, as an error names it: the variable or option that decided it,
// empty when none did (every CPU).
std::string openmp_team_source(std::optional<int> threads, int team) {
  const char* const limit = std::getenv("OMP_THREAD_LIMIT");
  if (limit && std::atoi(limit) == team) return "OMP_THREAD_LIMIT";
  if (threads) return "--threads";
  return std::getenv("OMP_NUM_THREADS") ? "OMP_NUM_THREADS" : "";
}

// Stream i's measurement in this round, joined to its earlier rounds; the schedule then says whether its row is
// done. The slot's wall time starts before the idle wait: it is part of what a slot costs.
void measure_round(measured_run& run, const policy_entry& p, std::size_t i, int round, schedule& time) {
  policy_outcome& o = run.outcomes[i];
  const auto start = steady_clock::now();
  wait_for_idle_threads();
  try {
    measurement m = p.measure(time.next(i));
    time.record(i, seconds_since(start), m);
    if (o.result)
      append_round(*o.result, std::move(m), round);
    else
      o.result = std::move(m);
  } catch (const device_out_of_memory& e) {
    o.error = std::string("out of device memory: ") + e.what(); // which call, or both byte counts
  } catch (const std::bad_alloc&) {
    if (p.role == stream_role::ceiling) throw; // the run's one array does not fit: no row can run (run.hpp)
    o.error = "out of memory";
  } catch (const std::exception& e) {
    o.error = e.what();
  }
  if (o.error) o.result.reset(); // a failed row reports its error, not the rounds before it
  time.finish(i, o.result ? &o.result->in_place : nullptr);
}

} // namespace

memory_limits run_memory_limits(const std::vector<policy_entry>& selected, const device_info& device) {
  const auto host = host_available_bytes();
  memory_limits limits{.host_available_bytes = host.value,
                       .device_free_bytes = std::nullopt,
                       .device_name = device.name,
                       .host_limit = host.source};
  if (runs_on(selected, side::device)) limits.device_free_bytes = device.free_memory_bytes;
  return limits;
}

void check_memory(const run_config& cfg, const std::vector<policy_entry>& selected, const device_info& device) {
  if (const auto shortfall = memory_shortfall(cfg.size, size_of(cfg.type), run_memory_limits(selected, device)))
    throw insufficient_memory(*shortfall);
}

void check_resources(const run_config& cfg, std::optional<int> threads, const std::vector<policy_entry>& selected,
                     const device_info& device) {
  check_memory(cfg, selected, device); // first: after it, size x element size cannot wrap
  check_thread_start(threads, cfg.size * size_of(cfg.type));
}

std::optional<std::uint64_t> openmp_stack_bytes(const char* text) {
  if (!text) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const unsigned long long count = std::strtoull(text, &end, 10);
  if (end == text || errno != 0 || *text == '-') return std::nullopt;
  while (std::isspace(static_cast<unsigned char>(*end)))
    ++end;
  int shift = 10; // no unit: KiB
  if (*end != '\0') {
    const char* const units = "bkmg";
    const char* const unit = std::strchr(units, std::tolower(static_cast<unsigned char>(*end)));
    if (!unit) return std::nullopt;
    shift = 10 * int(unit - units), ++end;
  }
  while (std::isspace(static_cast<unsigned char>(*end)))
    ++end;
  if (*end != '\0' || count > (~0ull >> shift)) return std::nullopt;
  return std::uint64_t(count) << shift;
}

void check_thread_start(std::optional<int> threads, std::uint64_t array_bytes) {
  // oneTBB at its default concurrency whatever the limit: lifting a --threads limit wakes its workers, and a worker
  // that cannot start then throws inside tbb::global_control's destructor (std::terminate). OpenMP's team as libgomp
  // resolves it (OMP_NUM_THREADS, OMP_THREAD_LIMIT), less the thread that starts it.
  const int team = openmp_team_size(threads);
  const std::string source = openmp_team_source(threads, team);
  // libgomp keeps a record of about 128 bytes a thread on the stack of the thread that starts a team
  // (gomp_team_start's alloca): measured, a 256 KiB stack ends in SIGSEGV at 2047 threads, an 8 MiB one at 65535.
  // Half the stack for them: at most 32768 threads at 8 MiB.
  rlimit stack{};
  if (::getrlimit(RLIMIT_STACK, &stack) == 0 && stack.rlim_cur != RLIM_INFINITY && rlim_t(team) > stack.rlim_cur / 256)
    throw unstartable_threads((source.empty() ? "OpenMP" : source) + ": a team of " + std::to_string(team) +
                              " OpenMP threads is more than libgomp can start from a stack of " +
                              std::to_string(stack.rlim_cur >> 10) + " KiB (ulimit -s): at most " +
                              std::to_string(stack.rlim_cur / 256) +
                              " (it keeps about 128 bytes a thread on the stack of the thread that starts them, and "
                              "crashes past its end)");
  const int tbb_workers = tbb::info::default_concurrency() - 1;
  const int count = tbb_workers + team - 1;
  const char* const stack_text = std::getenv("OMP_STACKSIZE");
  pthread_attr_t omp_attr;
  ::pthread_attr_init(&omp_attr);
  // libgomp's threads get OMP_STACKSIZE's stack; a size pthreads refuses (below PTHREAD_STACK_MIN: "1", "0") libgomp
  // only warns about and keeps the default stack, as here.
  const auto omp_stack = openmp_stack_bytes(stack_text);
  const bool sized = omp_stack && ::pthread_attr_setstacksize(&omp_attr, *omp_stack) == 0;
  // The array's address space (and host_array's 2 MiB of alignment), without memory: PROT_NONE. A mapping that
  // cannot be made is the allocation's own error, std::bad_alloc, reported where it happens.
  const std::size_t reserved_bytes = array_bytes + (2u << 20);
  void* const reserved = ::mmap(nullptr, reserved_bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  std::latch started(count + 1);
  const auto body = [](void* latch) -> void* {
    std::free(std::malloc(64)); // the thread's malloc arena
    static_cast<std::latch*>(latch)->arrive_and_wait();
    return nullptr;
  };
  std::vector<pthread_t> pool;
  int error = 0;
  for (int i = 0; i < count && error == 0; ++i) {
    pthread_t thread;
    // oneTBB's workers get the default stack.
    if ((error = ::pthread_create(&thread, i >= tbb_workers ? &omp_attr : nullptr, body, &started)) == 0)
      pool.push_back(thread);
  }
  ::pthread_attr_destroy(&omp_attr);
  started.count_down(count + 1 - std::ptrdiff_t(pool.size()));
  for (const pthread_t thread : pool)
    ::pthread_join(thread, nullptr);
  if (reserved != MAP_FAILED) ::munmap(reserved, reserved_bytes);
  if (error != 0)
    throw unstartable_threads(
        (source.starts_with("OMP_") ? source + ": " : std::string()) + "cannot start " + std::to_string(count) +
        " host threads for oneTBB and OpenMP (" + std::strerror(error) +
        "): a limit on processes (ulimit -u) or on address space (ulimit -v) leaves too little" +
        (sized ? std::string(" for OpenMP's OMP_STACKSIZE=") + stack_text + " stacks" : std::string()));
}

bool runs_on(std::span<const policy_entry> streams, side where) {
  return std::any_of(streams.begin(), streams.end(),
                     [&](const policy_entry& p) { return p.device == where && !p.unavailable; });
}

std::vector<policy_entry> with_ceilings(std::vector<policy_entry> selected, const device_info& device, int work) {
  const bool host = runs_on(selected, side::host), gpu = runs_on(selected, side::device);
  for (auto& c : ceiling_streams(device, work))
    if (c.device == side::host ? host : gpu) selected.push_back(std::move(c));
  return selected;
}

measured_run run_policies(const run_config& cfg, std::optional<int> threads, host_info host, device_info device,
                          const std::vector<policy_entry>& streams, const run_order& order,
                          const progress_callback& progress) {
  const host_thread_limit limit(threads);
  schedule time(cfg, order, streams.size());
  measured_run run;
  run.config = cfg, run.threads_limit = threads, run.host_concurrency = host_concurrency();
  run.host = std::move(host), run.device = std::move(device);
  run.order = order;
  std::vector<std::size_t> runnable; // indices into streams and run.outcomes
  for (const auto& p : streams) {
    if (!p.unavailable)
      runnable.push_back(run.outcomes.size());
    else
      time.finish(run.outcomes.size(), nullptr); // nothing to measure: no slot, no share of the time
    run.outcomes.push_back({.name = p.name,
                            .device = p.device,
                            .backend = p.backend,
                            .unavailable = p.unavailable,
                            .role = p.role,
                            .bound = p.bound});
  }
  for (int round = 0; !interrupt_requested; ++round) { // Ctrl-C: nothing more is started
    std::vector<std::size_t> positions(runnable.size());
    std::iota(positions.begin(), positions.end(), std::size_t(0));
    if (order.order == policy_order::interleaved) positions = round_order(runnable.size(), round, order.seed);
    time.start_round(round);
    std::vector<std::string> measured;
    for (std::size_t k = 0; k < positions.size() && !interrupt_requested; ++k) {
      const std::size_t i = runnable[positions[k]];
      auto& result = run.outcomes[i].result;
      if (!time.measures(i, result ? &result->in_place : nullptr)) continue;
      if (progress)
        progress({.policy = streams[i].name,
                  .round = round + 1,
                  .rounds = time.rounds(),
                  .calls = result ? result->in_place.calls : 0});
      measured.push_back(streams[i].name);
      measure_round(run, streams[i], i, round, time);
    }
    if (measured.empty()) break;
    run.round_orders.push_back(std::move(measured));
  }
  // The base rounds that ran: as the schedule cut them, fewer where every row had its calls before them.
  run.rounds = std::max(1, std::min(time.rounds(), int(run.round_orders.size())));
  for (std::size_t i = 0; interrupt_requested && i < run.outcomes.size(); ++i) { // the rounds finished are kept
    if (auto& r = run.outcomes[i].result) time.interrupt(i, &r->in_place);
    if (auto& o = run.outcomes[i]; !o.result && !o.error && !o.unavailable) o.unavailable = "not measured: interrupted";
  }
  return run;
}

} // namespace policybench
