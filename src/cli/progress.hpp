// Progress on stderr while a run or a sweep measures: one line redrawn in place on a terminal, nothing otherwise.
#pragma once

#include <chrono>
#include <cstdio>
#include <optional>
#include <string_view>

namespace policybench {

class progress {
public:
  /// Shows progress on `out` only when `enabled` (not --quiet) and `out` is a terminal (isatty): a log or a pipe
  /// gets nothing extra. `expected_s`: how long the whole run is expected to take (its budget); 0 = unknown.
  progress(bool enabled, double expected_s, std::FILE* out = stderr);
  /// Clears the line on a terminal, so that what follows starts on a fresh one.
  ~progress();
  progress(const progress&) = delete;
  progress& operator=(const progress&) = delete;

  /// Redraws the line: elapsed and expected seconds, then `what` (e.g. "round 2 of 5: std::par, 48 calls"). With
  /// `done`, the fraction of the work finished (a sweep's measurements), the expected seconds are an estimate of
  /// those left instead: the pace so far, bounded by the budget's end.
  void show(std::string_view what, std::optional<double> done = std::nullopt);

private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  double expected_s_;
  bool enabled_;
  bool shown_ = false;
  std::FILE* out_;
};

} // namespace policybench
