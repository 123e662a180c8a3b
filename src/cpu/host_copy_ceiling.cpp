// The host's memory-bandwidth ceiling: the same bytes moved by the simplest parallel streaming copy.
#include "policybench/host.hpp"
#include "policybench/host_threads.hpp"
#include "policybench/timing.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include <cstring>
#include <memory>

namespace policybench {

timed_calls measure_host_copy(const run_config& cfg) {
  const std::size_t bytes = cfg.size * size_of(cfg.type);
  const auto source = std::make_unique_for_overwrite<unsigned char[]>(bytes);
  const auto target = std::make_unique_for_overwrite<unsigned char[]>(bytes);
  // Touch both arrays once so the first copy does not pay the page faults of fresh memory.
  std::memset(source.get(), 1, bytes);
  std::memset(target.get(), 0, bytes);
  release_tbb_workers();
  return time_calls(cfg.warmup, cfg.reps, [&] {
    // 64 KiB grains: large enough for memcpy to stream, small enough to balance across threads.
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, bytes, std::size_t(1) << 16),
                      [&](const tbb::blocked_range<std::size_t>& r) {
                        std::memcpy(target.get() + r.begin(), source.get() + r.begin(), r.size());
                      });
  });
}

} // namespace policybench
