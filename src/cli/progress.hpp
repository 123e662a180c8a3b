// Progress on stderr while a run or a sweep measures: one line redrawn in place on a terminal, nothing otherwise.
// Hand-written: Debian 12 packages no C++ progress-bar library (no indicators, barkeep or tqdm-cpp), and one line
// redrawn with '\r' is all a run needs.
#pragma once

#include "measure/run_config.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <string_view>

#include <unistd.h>

namespace policybench {

class progress {
public:
  /// Shows progress on `out` only when `enabled` (not --quiet) and `out` is a terminal (isatty): a log or a pipe
  /// gets nothing extra. `expected_s`: how long the whole run is expected to take (its budget); 0 = unknown.
  progress(bool enabled, double expected_s, std::FILE* out = stderr)
      : expected_s_(expected_s), enabled_(enabled && ::isatty(::fileno(out)) == 1), out_(out) {}
  /// Clears the line ("\x1b[K") on a terminal, so that the report that follows starts on a fresh one.
  ~progress() {
    if (shown_) fmt::print(out_, "\r\x1b[K");
  }
  progress(const progress&) = delete;
  progress& operator=(const progress&) = delete;

  /// Redraws the line: elapsed and expected seconds, then `what` (e.g. "round 2 of 5: std::par, 48 calls"). With
  /// `done`, the fraction of the work finished (a sweep's measurements), the expected seconds are an estimate of
  /// those left instead: the pace so far, bounded by the budget's end.
  void show(std::string_view what, std::optional<double> done = std::nullopt) {
    if (!enabled_) return;
    const double elapsed_s = seconds_since(start_);
    std::string expected = expected_s_ > 0 ? fmt::format(" of {:.0f} s", expected_s_) : "";
    if (done && *done > 0) {
      double left_s = elapsed_s * (1 - *done) / *done;
      if (expected_s_ > 0) left_s = std::min(left_s, std::max(0.0, expected_s_ - elapsed_s));
      expected = fmt::format(", about {:.0f} s left", left_s);
    }
    fmt::print(out_, "\r[{:.1f} s{}] {}\x1b[K", elapsed_s, expected, what);
    std::fflush(out_);
    shown_ = true;
  }

private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  double expected_s_;
  bool enabled_;
  bool shown_ = false;
  std::FILE* out_;
};

} // namespace policybench
