// The rules a report's figures follow, each written once: throughput, the loop baseline, speedups, the share of
// the ceiling, the noise rule, thread scaling and what makes a run fail (STREAM's 4x-cache rule: regime.hpp).
#pragma once

#include "harness/result.hpp"
#include "measure/run_config.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace policybench {

/// GB/s (10^9 bytes/s) of `bytes` moved in `seconds`; none when nothing moves (--size 0) or the time is unknown.
figure gb_per_s(double bytes, figure seconds);

/// The row every speedup is set against: the `loop` row when it validated (status ok); an invalid or failed loop
/// is never the baseline. nullptr when there is none.
const result_row* loop_baseline(std::span<const result_row> rows);

/// loop's median / the row's median; none without a baseline or when the row moves no bytes.
figure speedup_vs_loop(const result_row& row, const result_row* loop);

/// Whether [a_low, a_high] and [b_low, b_high] overlap: then neither side is faster beyond the intervals.
constexpr bool overlap(double a_low, double a_high, double b_low, double b_high) noexcept {
  return a_low <= b_high && b_low <= a_high;
}

/// Effective parallelism below which a parallel host policy counts as having run on about one thread.
inline constexpr double serial_parallelism = 1.3;

/// A row's effective parallelism over its counted calls (measure/timing.hpp), or none when they lasted under
/// 10 ms in all: then another thread's stray cycles (a pool still parking) outweigh the calls' own CPU time.
figure measured_parallelism(const timed_calls& t, bool keep_disturbed);

/// Whether the row's median is less certain than the table suggests: its warm times vary by more than noisy_cv
/// (measure/stats.hpp) and it was not run until --max-noise held (then the median's interval is narrow however
/// much single calls vary).
bool is_noisy(const result_row& row);

/// 0.05 -> "5.0%"; 1.234 -> "1.23".
std::string percent(double fraction);
std::string two_decimals(double v);

/// Thread sweeps: each row's scaling: speedup_vs_1_thread, over its policy's own 1-thread median, and
/// parallel_efficiency = that speedup / threads (1 = ideal); none without a 1-thread median.
void add_thread_scaling(std::vector<result_row>& rows);

/// False when one of `rows` failed or failed validation: exit status 1.
bool all_valid(std::span<const result_row> rows);

} // namespace policybench
