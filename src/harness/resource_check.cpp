// Whether a run fits before anything is allocated: its arrays in host memory (MemAvailable and the cgroup's limit)
// and the device's, and the threads oneTBB and OpenMP will start, with the stacks they will get.
#include "harness/resource_check.hpp"

#include <oneapi/tbb/info.h>

#include <pthread.h>
#include <sys/mman.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <latch>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace policybench {

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
  // that cannot start then throws inside tbb::global_control's destructor (std::terminate). OpenMP within the limit.
  const int tbb_workers = tbb::info::default_concurrency() - 1;
  const int omp_threads = threads.value_or(int(std::max(1u, std::thread::hardware_concurrency()))) - 1;
  const int count = tbb_workers + omp_threads;
  const char* const stack_text = std::getenv("OMP_STACKSIZE");
  const auto omp_stack = openmp_stack_bytes(stack_text);
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
    pthread_attr_t attr;
    ::pthread_attr_init(&attr);
    // OpenMP's threads get libgomp's stack (OMP_STACKSIZE), oneTBB's the default one.
    if (i >= tbb_workers && omp_stack) error = ::pthread_attr_setstacksize(&attr, *omp_stack);
    pthread_t thread;
    if (error == 0 && (error = ::pthread_create(&thread, &attr, body, &started)) == 0) pool.push_back(thread);
    ::pthread_attr_destroy(&attr);
  }
  started.count_down(count + 1 - std::ptrdiff_t(pool.size()));
  for (const pthread_t thread : pool)
    ::pthread_join(thread, nullptr);
  if (reserved != MAP_FAILED) ::munmap(reserved, reserved_bytes);
  if (error != 0)
    throw std::runtime_error(
        "cannot start " + std::to_string(count) + " host threads for oneTBB and OpenMP (" + std::strerror(error) +
        "): a limit on processes (ulimit -u) or on address space (ulimit -v) leaves too little" +
        (omp_stack ? std::string(" for OpenMP's OMP_STACKSIZE=") + stack_text + " stacks" : std::string()));
}

} // namespace policybench
