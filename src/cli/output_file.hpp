// --output written atomically: the report goes to an unnamed file in the target's directory and is given the
// target's name only when complete, so a failed, interrupted or killed run never leaves half a file.
#pragma once

#include <fstream>
#include <string>

namespace policybench {

/// True when `path` names this process's standard output (`/dev/stdout`, `/proc/self/fd/1`, or a file stdout is
/// already open on): the report is then written to stdout as without --output, since a pipe cannot be renamed over.
bool is_standard_output(const std::string& path);

class output_file {
public:
  /// Opens an unnamed file (O_TMPFILE) in the directory of `path`, which no signal, not even SIGKILL, can leave
  /// behind. Where the file system has no unnamed files, a temporary named ".policybench-XXXXXX" beside the target
  /// (short, so a target name of up to 255 bytes still works), removed by every fatal signal, the faults included,
  /// and at exit() (cli/signals.hpp). A symbolic link, dangling or not, is followed to the file it names. One
  /// output_file at a time. Throws usage_error naming the path and the reason when `path` is a directory, a
  /// device, FIFO or socket, or the file cannot be created (missing directory, no permission).
  explicit output_file(std::string path);
  /// Removes the temporary file unless commit() succeeded.
  ~output_file();
  output_file(const output_file&) = delete;
  output_file& operator=(const output_file&) = delete;

  std::ostream& stream() { return stream_; }
  /// Flushes and gives the file the target's name. Throws std::runtime_error on a write, link or rename failure
  /// (the temporary file is then removed).
  void commit();

private:
  std::string path_, temporary_; ///< temporary_ is empty for an unnamed file
  int unnamed_fd_ = -1;
  std::ofstream stream_;
  bool committed_ = false;
};

} // namespace policybench
