// Progress on stderr. Hand-written: Debian 12 packages no C++ progress-bar library (no indicators, barkeep or
// tqdm-cpp), and one line redrawn with '\r' is all a sweep needs.
#include "cli/progress.hpp"

#include <fmt/format.h>

#include <string>

#include <unistd.h>

namespace policybench {

progress::progress(std::size_t total, bool enabled, std::FILE* out)
    : total_(total), enabled_(enabled), terminal_(::isatty(::fileno(out)) == 1), out_(out) {}

progress::~progress() {
  if (enabled_ && terminal_ && done_ > 0) std::fputc('\n', out_);
}

void progress::step(std::string_view what) {
  ++done_;
  if (!enabled_) return;
  if (!terminal_) {
    fmt::print(out_, "[{}/{}] {}\n", done_, total_, what);
    return;
  }
  constexpr std::size_t width = 30;
  const std::size_t filled = total_ > 0 ? width * (done_ - 1) / total_ : 0;
  // "\x1b[K" clears what a longer previous label left on the line.
  fmt::print(out_, "\r[{}{}] {}/{} {}\x1b[K", std::string(filled, '#'), std::string(width - filled, '.'), done_,
             total_, what);
  std::fflush(out_);
}

} // namespace policybench
