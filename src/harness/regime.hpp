// Memory or cache, measured: where the in-place bandwidth stops falling with the footprint (the regime probe), and
// which side of it the run's array is on. STREAM's 4x rule on the reported cache is kept beside it, as a second fact.
#pragma once

#include "machine/host_info.hpp"
#include "measure/regime_probe.hpp"
#include "policies/policy.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace policybench {

/// How far above the largest footprints' bandwidth a footprint may stream and still count as memory: the probe's
/// best calls vary by a few percent there; a cache makes a footprint faster by more (this VM: about 2x at 160 MB).
inline constexpr double flat_tolerance = 0.15;

/// The probe's verdict on one array size.
struct regime_report {
  std::string regime = "unknown"; ///< "memory", "cache", or "unknown" (the bandwidth had not stopped falling)
  std::uint64_t array_bytes = 0;  ///< the run's array: size x element bytes
  /// The smallest footprint from which every larger one streamed within flat_tolerance of the plateau: where the
  /// memory regime starts on this machine; none when the largest two footprints disagree (still falling).
  std::optional<std::uint64_t> memory_from_bytes = std::nullopt;
  double plateau_gb_per_s = 0; ///< the mean of the two largest footprints' GB/s (0 with fewer than two)
  double tolerance = flat_tolerance;
  /// STREAM's rule on the reported last-level cache: "memory" from 4x it, else "cache"; none when it is unknown.
  std::optional<std::string> stream_rule = std::nullopt;
  std::uint64_t llc_bytes = 0; ///< the reported last-level cache (host_info::llc_bytes)
  /// The largest footprint the probe planned (probe_footprints); a probe that ended below it (its time ran out, an
  /// array did not map) may not have left the caches, and decides nothing.
  std::uint64_t planned_top_bytes = 0;
  std::vector<bandwidth_point> points{}; ///< the probe's footprints, ascending
  double probe_s = 0;                    ///< wall seconds the probe took
};

/// The regime of an array of `array_bytes` from the probe's `points` (any order), which must reach
/// `planned_top_bytes` (else "unknown": cut short): the plateau is the mean GB/s of the two largest footprints, which
/// must agree within `tolerance` of it (else "unknown": still falling); the
/// memory regime starts at the smallest footprint from which no larger footprint streamed faster than plateau x
/// (1 + tolerance) (slower is no cache: overhead or a busy machine); the array is "memory" from there on (also
/// past the largest footprint), "cache" below it down to the smallest footprint, "unknown" below that. The reported
/// cache `llc_bytes` decides stream_rule only, never the regime.
regime_report classify_regime(std::vector<bandwidth_point> points, std::uint64_t planned_top_bytes,
                              std::uint64_t array_bytes, std::uint64_t llc_bytes, double tolerance = flat_tolerance);

/// The smallest footprint the probe reaches at least: a VM's host may have larger caches than it reports (an EPYC VM
/// reporting 32 MiB streamed 160 MB twice as fast as 800 MB), so the top is never taken from the reported cache; and
/// it must be reachable in the probe's time (a Xeon VM reporting 260 MiB, quiet: 128-512 MB within 6 % of each other,
/// 80 MB up to 30 % faster, 1.02 GB never reached in 2 s, 800 MB reached in 3 s).
inline constexpr std::uint64_t min_probe_top_bytes = 512'000'000;

/// The probe's footprints: 1 MB x 2^k up to max(array_bytes, min_probe_top_bytes), none past half of
/// `available_bytes` (MemAvailable; 0: unknown, no limit), and array_bytes itself (when it fits); ascending.
std::vector<std::uint64_t> probe_footprints(std::uint64_t array_bytes, std::uint64_t available_bytes);

/// Seconds the probe may take: a tenth of the run's --budget, at most 3 (3 without a budget).
double probe_seconds(const run_config& cfg);

/// Probes and classifies the run's array (cfg.size of cfg.type) under `threads` (as run_policies), when a host row
/// of `selected` can run and the array is not empty; std::nullopt otherwise.
std::optional<regime_report> measure_regime(const run_config& cfg, std::optional<int> threads, const host_info& host,
                                            std::span<const policy_entry> selected);

} // namespace policybench
