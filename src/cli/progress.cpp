// Progress on stderr. Hand-written: Debian 12 packages no C++ progress-bar library (no indicators, barkeep or
// tqdm-cpp), and one line redrawn with '\r' is all a run needs.
#include "cli/progress.hpp"

#include "measure/seconds.hpp"

#include <fmt/format.h>

#include <algorithm>

#include <unistd.h>

namespace policybench {

progress::progress(bool enabled, double expected_s, std::FILE* out)
    : expected_s_(expected_s), enabled_(enabled && ::isatty(::fileno(out)) == 1), out_(out) {}

progress::~progress() {
  // "\x1b[K" clears the line: the report that follows (on the same terminal, stdout) starts clean.
  if (shown_) fmt::print(out_, "\r\x1b[K");
}

void progress::show(std::string_view what, std::optional<double> done) {
  if (!enabled_) return;
  const double elapsed_s = seconds_since(start_);
  std::string expected = expected_s_ > 0 ? fmt::format(" of {:.0f} s", expected_s_) : "";
  if (done && *done > 0) { // an estimate from the pace so far, never past the budget
    double left_s = elapsed_s * (1 - *done) / *done;
    if (expected_s_ > 0) left_s = std::min(left_s, std::max(0.0, expected_s_ - elapsed_s));
    expected = fmt::format(", about {:.0f} s left", left_s);
  }
  fmt::print(out_, "\r[{:.1f} s{}] {}\x1b[K", elapsed_s, expected, what);
  std::fflush(out_);
  shown_ = true;
}

} // namespace policybench
