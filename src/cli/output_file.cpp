// Atomic report files: write to an unnamed file (or a short-named temporary) beside the target, name it when complete.
#include "cli/output_file.hpp"

#include "cli/options.hpp"
#include "cli/signals.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace policybench {
namespace {

namespace fs = std::filesystem;

// Whether `path` names something (a link is not followed); false for a new file. Any other failure (a name or path
// too long, a loop of links, a directory this user cannot search) is the one --output error, not a filesystem_error.
bool names_something(const fs::path& path, struct stat& st) {
  if (::lstat(path.c_str(), &st) == 0) return true;
  if (errno == ENOENT) return false; // a missing directory is found when the file is opened, with the same line
  throw usage_error("--output: cannot write '" + path.string() + "': " + std::strerror(errno));
}

// `path` with every symbolic link along its last component followed, dangling or not: the report replaces the
// file a link names, never the link.
fs::path follow_links(fs::path path) {
  struct stat st {};
  for (int hops = 0; names_something(path, st) && S_ISLNK(st.st_mode); ++hops) {
    if (hops == 40) throw usage_error("--output: '" + path.string() + "': too many levels of symbolic links");
    std::error_code ec;
    const fs::path target = fs::read_symlink(path, ec);
    if (ec) throw usage_error("--output: cannot write '" + path.string() + "': " + ec.message());
    path = target.is_absolute() ? target : path.parent_path() / target;
  }
  return path;
}

std::string directory_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

// A new empty file ".policybench-XXXXXX" in `dir` with the permissions any new file gets (0666 less the umask); its
// name, or "" with errno set. Short, so that a target name of up to 255 bytes still has a temporary beside it.
std::string create_temporary(const std::string& dir) {
  std::string name = dir + "/.policybench-XXXXXX";
  const int fd = ::mkstemp(name.data());
  if (fd < 0) return {};
  const mode_t mask = ::umask(0);
  ::umask(mask);
  (void)::fchmod(fd, 0666 & ~mask);
  ::close(fd);
  return name;
}

} // namespace

bool is_standard_output(const std::string& path) {
  struct stat named {
  }, out{};
  return ::stat(path.c_str(), &named) == 0 && ::fstat(STDOUT_FILENO, &out) == 0 && named.st_dev == out.st_dev &&
         named.st_ino == out.st_ino;
}

output_file::output_file(std::string path) : path_(std::move(path)) {
  std::error_code ec;
  path_ = follow_links(path_).string();
  if (fs::is_directory(path_, ec)) throw usage_error("--output: '" + path_ + "' is a directory, not a file name");
  // Renaming over a device, FIFO or socket would replace it with a plain file (as root, /dev/null itself).
  if (const auto status = fs::status(path_, ec); fs::exists(status) && !fs::is_regular_file(status))
    throw usage_error("--output: '" + path_ +
                      "' is not a regular file (a device, FIFO or socket); leave --output out to write to stdout");
  const std::string dir = directory_of(path_);
  // 0666 less the umask, as any new file; unnamed, so nothing is left behind whatever ends the process.
  unnamed_fd_ = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  if (unnamed_fd_ >= 0) {
    stream_.open("/proc/self/fd/" + std::to_string(unnamed_fd_), std::ios::binary | std::ios::trunc);
    if (stream_) return;
    ::close(unnamed_fd_); // no /proc: a named temporary instead
    unnamed_fd_ = -1;
  } else if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) {
    throw usage_error("--output: cannot write '" + path_ + "': " + std::strerror(errno));
  }
  temporary_ = create_temporary(dir);
  if (temporary_.empty()) throw usage_error("--output: cannot write '" + path_ + "': " + std::strerror(errno));
  remove_pending_file_on_exit(temporary_);
  stream_.open(temporary_, std::ios::binary | std::ios::trunc);
  if (!stream_) {
    ::unlink(temporary_.c_str());
    throw usage_error("--output: cannot open '" + temporary_ + "' for writing");
  }
}

output_file::~output_file() {
  stream_.close();
  if (unnamed_fd_ >= 0) ::close(unnamed_fd_);
  if (!committed_ && !temporary_.empty()) ::unlink(temporary_.c_str());
  forget_pending_file();
}

void output_file::commit() {
  stream_.flush();
  const bool written = static_cast<bool>(stream_);
  stream_.close();
  const auto fail = [&] {
    const std::string why = std::strerror(errno);
    if (!temporary_.empty()) ::unlink(temporary_.c_str());
    return std::runtime_error("--output: could not complete '" + path_ + "': " + why);
  };
  if (!written || !stream_.good()) throw fail();
  // The report is complete: a signal now (Ctrl-C just as the run ends) would remove it or leave it without the
  // target's name, so it takes its course once the report has that name.
  const signals_held held;
  if (unnamed_fd_ >= 0) { // a name first (rename cannot take an unnamed file), for the microseconds until rename
    const std::string proc = "/proc/self/fd/" + std::to_string(unnamed_fd_);
    for (;;) { // a free name (linkat cannot replace the empty file create_temporary made), then the link
      temporary_ = create_temporary(directory_of(path_));
      if (temporary_.empty()) throw fail();
      ::unlink(temporary_.c_str());
      if (::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, temporary_.c_str(), AT_SYMLINK_FOLLOW) == 0) break;
      if (errno != EEXIST) throw fail();
    }
    remove_pending_file_on_exit(temporary_);
  }
  if (std::rename(temporary_.c_str(), path_.c_str()) != 0) throw fail();
  committed_ = true;
  forget_pending_file();
}

} // namespace policybench
