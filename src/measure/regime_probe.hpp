// The regime probe: the policies' in-place stream timed at growing footprints, so that where this machine's
// bandwidth stops falling (the memory regime) is measured, not read off the cache size it reports.
#pragma once

#include "measure/run_config.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace policybench {

/// One footprint of the probe: an array of `bytes` updated in place, in GB/s (10^9 bytes/s, 2 x bytes moved per call
/// as STREAM counts): the median over probe_repeats fresh arrays of each one's fastest timed call, and the slowest
/// and fastest of those (the spread a new array's pages and placement bring).
struct bandwidth_point {
  std::uint64_t bytes = 0;
  double gb_per_s = 0;
  double low_gb_per_s = 0;
  double high_gb_per_s = 0;
};

/// Fresh arrays per footprint at most: a footprint's figure is their median, so one array's unlucky pages (this Xeon
/// VM: 128 and 256 MB once read 28 GB/s against 45 at 512 MB) or one preempted call does not decide the regime.
inline constexpr int probe_repeats = 3;

/// Times the in-place update a[i] = a[i] + 1 (cfg.type) over fresh arrays at each of `footprints_bytes` (ascending):
/// up to probe_repeats passes over every footprint, each pass largest first (the largest footprints decide the
/// plateau, so they are never the ones the time limit leaves out; a later pass adds a spread where there is time).
/// Each array is placed as the policies' arrays are (cfg.pages, cfg.first_touch) and streamed as two of the host
/// ceiling's streams are, the static split (pinned OpenMP threads, else oneTBB) and one thread: 3 timed calls each,
/// fewer past `seconds` from the start (at least one); the fastest call of both counts. Stops at `seconds` from the
/// start (the last array may end past it by its first touch and two calls) and at the first array that cannot be
/// mapped. Footprints under one element are skipped. Returns the footprints measured, ascending.
std::vector<bandwidth_point> probe_in_place_bandwidth(const run_config& cfg,
                                                      std::span<const std::uint64_t> footprints_bytes, double seconds);

} // namespace policybench
