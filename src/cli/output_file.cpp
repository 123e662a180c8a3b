// Atomic report files: write to a temporary beside the target, rename when complete.
#include "cli/output_file.hpp"

#include "cli/options.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <vector>

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

namespace policybench {
namespace {

// The temporary file of the one output_file alive, for the signal handler: Ctrl-C or a kill must not leave it
// behind. A plain char array, since the handler may only call async-signal-safe functions (unlink, raise).
std::array<char, 4096> pending_temporary{};

extern "C" void remove_pending_and_reraise(int signal) {
  if (pending_temporary[0] != '\0') ::unlink(pending_temporary.data());
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

void remove_on_signal(const std::string& temporary) {
  if (temporary.size() >= pending_temporary.size()) return; // too long to track: the destructor still removes it
  std::copy(temporary.begin(), temporary.end(), pending_temporary.begin());
  pending_temporary[temporary.size()] = '\0';
  // A signal the caller ignores (nohup, a background job's SIGINT) stays ignored.
  for (const int signal : {SIGINT, SIGTERM, SIGHUP})
    if (std::signal(signal, remove_pending_and_reraise) == SIG_IGN) std::signal(signal, SIG_IGN);
}

void forget_on_signal() {
  pending_temporary[0] = '\0';
  for (const int signal : {SIGINT, SIGTERM, SIGHUP})
    if (std::signal(signal, SIG_DFL) == SIG_IGN) std::signal(signal, SIG_IGN);
}

} // namespace

output_file::output_file(std::string path) : path_(std::move(path)) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path_, ec)) throw usage_error("--output: '" + path_ + "' is a directory, not a file name");
  // A symbolic link is followed: the rename must replace the file it names, not the link.
  if (fs::is_symlink(fs::symlink_status(path_, ec))) {
    const fs::path target = fs::weakly_canonical(path_, ec);
    if (ec) throw usage_error("--output: cannot follow the link '" + path_ + "': " + ec.message());
    path_ = target.string();
  }
  // Renaming over a device, FIFO or socket would replace it with a plain file (as root, /dev/null itself).
  if (const auto status = fs::status(path_, ec); fs::exists(status) && !fs::is_regular_file(status))
    throw usage_error("--output: '" + path_ +
                      "' is not a regular file (a device, FIFO or socket); leave --output out to write to stdout");
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
  remove_on_signal(temporary_);
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
  forget_on_signal();
}

void output_file::commit() {
  stream_.flush();
  const bool written = static_cast<bool>(stream_);
  stream_.close();
  if (!written || !stream_.good() || std::rename(temporary_.c_str(), path_.c_str()) != 0)
    throw std::runtime_error("--output: could not complete '" + path_ + "': " + std::strerror(errno));
  committed_ = true;
  forget_on_signal();
}

} // namespace policybench
