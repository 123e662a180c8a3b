// Which timed calls a row's figures count: disturbed calls (its threads waited for a CPU taken by other work) are
// left out of the statistics and the stopping rule unless the run keeps them (--keep-disturbed).
#pragma once

#include "measure/run_config.hpp"

#include <cstddef>
#include <vector>

namespace policybench {

/// How many of t's timed calls were disturbed (0 when none could be judged).
std::size_t disturbed_calls(const timed_calls& t);

/// Whether t's disturbed calls could be judged at all (the kernel gave wait times).
inline bool disturbance_known(const timed_calls& t) { return !t.disturbed.empty(); }

/// The durations the stopping rule counts: those the row reports (kernel times on a device row, else host-clock
/// times) of the undisturbed calls, in order (every call when `keep_disturbed` or none could be judged).
std::vector<double> stopping_samples(const timed_calls& t, bool keep_disturbed);

/// The fewest undisturbed calls that stand on their own for a row's statistics.
inline constexpr std::size_t min_counted_calls = 5;

/// The durations a row's statistics are computed from: stopping_samples, unless fewer than min_counted_calls of
/// them are undisturbed and most calls were disturbed: then every call (the row says that most were disturbed).
std::vector<double> counted_samples(const timed_calls& t, bool keep_disturbed);

/// Process CPU time over wall time of the counted calls, each call weighted by its duration: ~1 for one busy
/// thread, ~k for k busy threads, ~0 for calls that sleep or wait on a device without spinning. 0 without calls.
double effective_parallelism(const timed_calls& t, bool keep_disturbed);

} // namespace policybench
