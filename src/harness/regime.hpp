// Memory or cache, measured: where the in-place bandwidth stops falling with the footprint (the regime probe: a short
// size sweep of the host in-place ceiling row), and which side of it the run's array is on. STREAM's 4x rule on the
// reported cache is kept beside it, as a second fact.
#pragma once

#include "harness/result_row.hpp"
#include "harness/schedule.hpp"
#include "machine/host_info.hpp"
#include "policies/registry.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace policybench {

/// How far above the plateau a footprint's median may stream and still count as memory: in the memory regime this
/// Xeon VM's footprints' medians differ by up to ~20% (128 MB to 512 MB, loaded: 47-56 GB/s); its caches make a
/// footprint faster by more (80 MB: 80 GB/s against 52; an EPYC VM: about 2x at 160 MB).
inline constexpr double flat_tolerance = 0.25;

/// Why a probe decides nothing: its largest footprint was not reached (did not map), or it fits in the cache the
/// machine reports (a memory limit cut the footprints: a plateau there may be the cache's), a point that decides (from
/// the array's footprint up, and the two largest) was disturbed by other work, the two largest disagree (still
/// falling), or it measured fewer than two footprints or none at or below the run's array (out of time), or the array's
/// own footprint streamed faster than the plateau at its median while its interval reached the plateau (a busy machine
/// widens it): neither cache nor memory shown.
enum class unknown_reason {
  none,
  top_not_reached,
  top_in_cache,
  disturbed,
  still_falling,
  out_of_time,
  array_point_noisy
};

/// STREAM's rule: an array of `array_bytes` under 4x a cache of `cache_bytes` measures the cache, not memory.
/// False when either is 0 (nothing moved, cache size unknown).
bool under_4x_cache(std::uint64_t array_bytes, std::uint64_t cache_bytes);
/// The note on arrays under_4x_cache: "`subject` is smaller than 4x the `cache` (N bytes): figures include ...".
std::string cache_note(const std::string& subject, const std::string& cache, std::uint64_t cache_bytes);

/// The regime probe, one footprint: the in-place stream over an array of `bytes`, in GB/s (10^9 bytes/s, 2 x bytes
/// moved per call as STREAM counts): its row's median and the ends of the median's 95% interval (the spread a busy
/// machine or the array's pages bring).
struct bandwidth_point {
  std::uint64_t bytes = 0;
  double gb_per_s = 0;
  double low_gb_per_s = 0;
  double high_gb_per_s = 0;
  bool disturbed = false; ///< most of its calls were disturbed by other work (measure/timing.hpp)
};

/// A footprint's point from a row of the in-place stream; none when the row has no GB/s or no interval (fewer than 6
/// calls counted: its spread is unknown, and a point without one cannot tell cache from noise).
std::optional<bandwidth_point> point_of(const result_row& row);

/// The probe's verdict on one array size.
struct regime_report {
  std::string regime = "unknown";            ///< "memory", "cache", or "unknown" (the measurement cannot tell: see why)
  unknown_reason why = unknown_reason::none; ///< with "unknown": why the measurement cannot tell
  std::uint64_t array_bytes = 0;             ///< the run's array: size x element bytes
  /// The smallest footprint from which every larger one streamed within flat_tolerance of the plateau: where the
  /// memory regime starts on this machine; none when the largest two footprints disagree (still falling) or the
  /// largest was not reached.
  std::optional<std::uint64_t> memory_from_bytes = std::nullopt;
  std::optional<double> plateau_gb_per_s = std::nullopt; ///< the mean of the two largest footprints' GB/s
  double tolerance = flat_tolerance;
  /// STREAM's rule on the reported last-level cache: "memory" from 4x it, else "cache"; none when it is unknown.
  std::optional<std::string> stream_rule = std::nullopt;
  std::uint64_t llc_bytes = 0; ///< the reported last-level cache (host_info::llc_bytes)
  /// The largest footprint the probe planned (probe_footprints); a probe that did not reach it (its array did not
  /// map) may not have left the caches, and decides nothing.
  std::uint64_t planned_top_bytes = 0;
  std::vector<bandwidth_point> points{}; ///< the probe's footprints, ascending
  double probe_s = 0;                    ///< wall seconds the probe took
};

/// The regime of an array of `array_bytes` from the probe's `points` (any order), which must include
/// `planned_top_bytes` (else "unknown": it did not map), reach past the reported cache `llc_bytes` (else "unknown":
/// a plateau wholly inside it is no evidence of memory) and be undisturbed from the array's footprint up and at the
/// two largest (else "unknown": a disturbed call reads a cache footprint as slow as memory). The plateau is the mean of
/// the two largest footprints' medians, which must agree: within `tolerance` of it or with overlapping spreads (else
/// "unknown": still falling). A footprint streams faster than memory when its median is above plateau x (1 + tolerance)
/// and its interval's slow end above both largest footprints' fast ends (slower is no cache: overhead or a busy
/// machine). The memory regime starts at the smallest footprint from which none larger streams faster; the array is
/// "memory" from there on (also past the largest footprint), "cache" below it down to the smallest footprint probed,
/// "unknown" below that (no footprint at or below the array was measured). The reported cache also decides
/// stream_rule.
regime_report classify_regime(std::vector<bandwidth_point> points, std::uint64_t planned_top_bytes,
                              std::uint64_t array_bytes, std::uint64_t llc_bytes, double tolerance = flat_tolerance);

/// The probe's verdict with the point at the array's own footprint, which the probe leaves to the run: the run's
/// row of probe_stream(), the same stream at the same size timed in every round (on the Xeon VM one default run's
/// separate probe read 80 MB at 55 GB/s, "memory", while that row streamed it at 91 GB/s). The probe as it was
/// without such a row (no host row ran, or it has no interval).
regime_report with_run_point(regime_report probe, std::span<const result_row> rows);

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

/// The probe as a size sweep: probe_stream() measured by run_policies as every row is (a cold call, one warm-up call,
/// probe_calls timed calls, disturbed calls judged, its share of `clock`'s time as its limit) at each of
/// `footprints_bytes` (ascending) but `skip_bytes` (the run's own array: the run measures it) and those under one
/// element, cfg's type and placement, under `threads`. `clock` shares its time over the footprints and starts none it
/// predicts past it (a first touch cannot be cut short); none once it is spent, after Ctrl-C or after an array that
/// cannot be mapped. Returns the rows measured, ascending.
std::vector<result_row> probe_rows(const run_config& cfg, std::span<const std::uint64_t> footprints_bytes,
                                   std::uint64_t skip_bytes, sweep_clock clock, std::optional<int> threads,
                                   const host_info& host);

/// Probes for at most `probe_s` seconds (the schedule's probe_seconds: probe_rows over probe_footprints) and
/// classifies the run's array (cfg.size of cfg.type) under `threads` (as run_policies) without its own footprint
/// (with_run_point adds it), when a host row of `selected` can run and the array is not empty; std::nullopt
/// otherwise.
std::optional<regime_report> measure_regime(const run_config& cfg, double probe_s, std::optional<int> threads,
                                            const host_info& host, std::span<const policy_entry> selected);

} // namespace policybench
