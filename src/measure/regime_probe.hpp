// The regime probe: the policies' in-place stream timed at growing footprints, so that where this machine's
// bandwidth stops falling (the memory regime) is measured, not read off the cache size it reports.
#pragma once

#include "measure/run_config.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace policybench {

/// One footprint of the probe: an array of `bytes` updated in place, and the GB/s (10^9 bytes/s, 2 x bytes moved
/// per call as STREAM counts) of its fastest timed call.
struct bandwidth_point {
  std::uint64_t bytes = 0;
  double gb_per_s = 0;
};

/// Times the in-place update a[i] = a[i] + 1 (cfg.type) over one fresh array per footprint in `footprints_bytes`
/// (ascending), placed as the policies' arrays are (cfg.pages, cfg.first_touch) and streamed as two of the host
/// ceiling's streams are, the static split (pinned OpenMP threads, else oneTBB) and one thread: for each, a cold call
/// and timed calls filling about 10 ms at the previous footprint's bandwidth (2 to 100); the faster best call counts.
/// Stops before a footprint that would not end within `seconds` of the start (its cost estimated from the one
/// before, at twice its bytes the time doubles), and cuts a footprint's calls short at that time (at least one
/// timed call), and at the first footprint whose array cannot be mapped. Footprints under one element are skipped.
std::vector<bandwidth_point> probe_in_place_bandwidth(const run_config& cfg,
                                                      std::span<const std::uint64_t> footprints_bytes, double seconds);

} // namespace policybench
