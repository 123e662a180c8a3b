// --output written atomically: the report goes to a temporary file beside the target and is renamed over it only
// when complete, so a failed or interrupted run never leaves half a file.
#pragma once

#include <fstream>
#include <string>

namespace policybench {

class output_file {
public:
  /// Creates a temporary file beside `path` (same directory, so the rename is atomic); a symbolic link is
  /// followed to the file it names. Until commit() or destruction, SIGINT, SIGTERM and SIGHUP remove the
  /// temporary file before ending the process as they would have. One output_file at a time. Throws usage_error
  /// naming the path and the reason when `path` is a directory, a device, FIFO or socket, or the temporary
  /// cannot be created (missing directory, no permission).
  explicit output_file(std::string path);
  /// Removes the temporary file unless commit() succeeded.
  ~output_file();
  output_file(const output_file&) = delete;
  output_file& operator=(const output_file&) = delete;

  std::ostream& stream() { return stream_; }
  /// Flushes and renames the temporary file to the target path. Throws std::runtime_error on a write or
  /// rename failure (the temporary file is then removed).
  void commit();

private:
  std::string path_, temporary_;
  std::ofstream stream_;
  bool committed_ = false;
};

} // namespace policybench
