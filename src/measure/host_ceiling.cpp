// The host's memory-bandwidth ceiling: the same bytes moved by a parallel streaming copy.
#include "measure/ceilings.hpp"
#include "measure/host_threads.hpp"
#include "measure/timing.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include <cstring>
#include <memory>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace policybench {
namespace {

constexpr std::size_t line_bytes = 64;

// Copies whole 64-byte lines [first, last). On x86 with non-temporal stores, as STREAM's best builds do: a plain
// store first reads the target line (write-allocate), a third transfer that STREAM's byte count does not credit
// and that an in-place update never pays, so a plain memcpy would be a ceiling the policies exceed.
void copy_lines(const unsigned char* source, unsigned char* target, std::size_t first, std::size_t last) {
#if defined(__SSE2__)
  for (std::size_t line = first; line < last; ++line) {
    const auto* in = reinterpret_cast<const __m128i*>(source + line * line_bytes);
    auto* out = reinterpret_cast<__m128i*>(target + line * line_bytes);
    for (int i = 0; i < 4; ++i) _mm_stream_si128(out + i, _mm_load_si128(in + i));
  }
  _mm_sfence();
#else
  std::memcpy(target + first * line_bytes, source + first * line_bytes, (last - first) * line_bytes);
#endif
}

} // namespace

timed_calls measure_host_copy(const run_config& cfg) {
  const std::size_t bytes = cfg.size * size_of(cfg.type);
  const std::size_t lines = bytes / line_bytes;
  // operator new[] aligns to 16 bytes, what the SSE2 loads and stores need; lines start at multiples of 64.
  const auto source = std::make_unique_for_overwrite<unsigned char[]>(bytes);
  const auto target = std::make_unique_for_overwrite<unsigned char[]>(bytes);
  // Touch both arrays once so the first copy does not pay the page faults of fresh memory.
  std::memset(source.get(), 1, bytes);
  std::memset(target.get(), 0, bytes);
  release_tbb_workers();
  return time_calls(cfg, [&] {
    // 1024-line (64 KiB) grains: long enough to stream, short enough to balance across threads.
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, lines, 1024), [&](const tbb::blocked_range<std::size_t>& r) {
      copy_lines(source.get(), target.get(), r.begin(), r.end());
    });
    std::memcpy(target.get() + lines * line_bytes, source.get() + lines * line_bytes, bytes - lines * line_bytes);
  });
}

} // namespace policybench
