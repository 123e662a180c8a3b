// Progress of a long sweep on stderr: a bar redrawn in place on a terminal, one plain line per step otherwise.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string_view>

namespace policybench {

class progress {
public:
  /// `total` steps to come on `out`; nothing is written when `enabled` is false (--quiet). Whether `out` is a
  /// terminal (isatty) decides between the redrawn bar and plain lines.
  progress(std::size_t total, bool enabled, std::FILE* out = stderr);
  /// Ends the bar's line on a terminal, so that what follows starts on a fresh one.
  ~progress();
  progress(const progress&) = delete;
  progress& operator=(const progress&) = delete;

  /// Announces the next step, e.g. "std::par at 31623 elements".
  void step(std::string_view what);

private:
  std::size_t total_, done_ = 0;
  bool enabled_, terminal_;
  std::FILE* out_;
};

} // namespace policybench
