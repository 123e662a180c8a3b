// Atomic report files: write to a temporary beside the target, rename when complete.
#include "policybench/output_file.hpp"

#include "policybench/options.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <filesystem>
#include <system_error>
#include <vector>

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

namespace policybench {

output_file::output_file(std::string path) : path_(std::move(path)) {
  std::error_code ec;
  if (std::filesystem::is_directory(path_, ec))
    throw usage_error("--output: '" + path_ + "' is a directory, not a file name");
  std::vector<char> name(path_.begin(), path_.end());
  const char suffix[] = ".tmp.XXXXXX";
  name.insert(name.end(), suffix, suffix + sizeof suffix); // includes the terminating NUL
  const int fd = ::mkstemp(name.data());
  if (fd < 0) throw usage_error("--output: cannot write '" + path_ + "': " + std::strerror(errno));
  // mkstemp creates the file 0600; give the report the permissions any new file gets (0666 less the umask).
  const mode_t mask = ::umask(0);
  ::umask(mask);
  (void)::fchmod(fd, 0666 & ~mask);
  ::close(fd);
  temporary_ = name.data();
  stream_.open(temporary_, std::ios::binary | std::ios::trunc);
  if (!stream_) {
    std::remove(temporary_.c_str());
    throw usage_error("--output: cannot open '" + temporary_ + "' for writing");
  }
}

output_file::~output_file() {
  if (!committed_) {
    stream_.close();
    std::remove(temporary_.c_str());
  }
}

void output_file::commit() {
  stream_.flush();
  const bool written = static_cast<bool>(stream_);
  stream_.close();
  if (!written || !stream_.good() || std::rename(temporary_.c_str(), path_.c_str()) != 0)
    throw std::runtime_error("--output: could not complete '" + path_ + "': " + std::strerror(errno));
  committed_ = true;
}

} // namespace policybench
