// The typed result model: every figure a report shows, computed once by the harness and read by every writer.
#pragma once

#include "harness/result_row.hpp"
#include "harness/summary.hpp"
#include "harness/sweep.hpp"
#include "machine/device_info.hpp"
#include "machine/host_info.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace policybench {

/// The run's settings. In a size sweep size, working_set_bytes and bytes_per_call are unknown (they vary).
struct report_config {
  std::string type;
  std::optional<std::uint64_t> size, working_set_bytes;
  figure bytes_per_call;
  int warmup = 0, reps = 0;
  double min_time_s = 0;
  std::optional<int> threads_limit; ///< --threads, if given (never in a thread sweep)
  std::optional<int> work;          ///< --work K (increments per element per call); none in a work sweep (it varies)
  int host_concurrency = 0;
  std::string pages, first_touch; ///< host arrays' placement asked for: "huge"|"small", "parallel"|"serial"
  /// --max-noise (percent) and --timeout (seconds per row), if given; --budget (seconds for the whole run).
  figure max_noise_pct, timeout_s, budget_s;
  bool keep_disturbed = false; ///< --keep-disturbed: disturbed calls count in the figures
  /// "interleaved" or "sequential" (harness/rounds.hpp); the base rounds every row took part in (unless stopped by
  /// timeout or failed); interleaved: the seed of the first round's order; the policies each round measured.
  std::string order = "sequential";
  int rounds = 1;
  std::optional<std::uint64_t> seed;
  std::vector<std::vector<std::string>> round_orders;
  /// Device rows' kernel times: behind a held stream (true) or per call of a batch between one event pair
  /// (--no-stream-hold); whether they were also timed end to end (not with --no-end-to-end).
  bool stream_hold = true, end_to_end = true;
};

struct environment_info {
  report_config config;
  host_info host;
  device_info device;
  /// environment.ceilings: the ceiling rows' figures by key, for scripts that read them (harness/ceiling_rows.hpp);
  /// a sweep's are its last point's.
  std::vector<extra> ceilings;
};

/// What a run or a sweep produced: the one value every writer reads.
struct benchmark_report {
  environment_info environment;
  std::vector<result_row> results;                           ///< every row of the run, ceilings included
  std::optional<sweep_info> sweep;                           ///< sweeps only
  std::optional<std::vector<crossover>> crossovers;          ///< size and work sweeps only (work: keyed by K)
  std::optional<std::vector<compute_bound_k>> compute_bound; ///< work sweeps only, one per policy measured
  std::vector<std::string> warnings;
  std::optional<run_summary> summary; ///< one run (not a sweep): the answer first (harness/summary.hpp)
  /// Lines a mode adds to the table's footer, about the whole report (what its rows' figures mean there).
  std::vector<std::string> notes;
  /// partial: the report holds part of what the command asked for (a sweep's points so far, written as it goes, or
  /// what a run measured before Ctrl-C); interrupted: Ctrl-C ended the run (a warning says what it kept).
  bool partial = false, interrupted = false;
};

} // namespace policybench
