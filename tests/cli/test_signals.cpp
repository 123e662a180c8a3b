// The fallback temporary's cleanup (a file system without unnamed files): every terminating signal and exit()
// remove the file and the process still ends as the signal would have ended it. Each case runs in a child process.
#include <doctest/doctest.h>

#include "cli/pending_file.hpp"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

using namespace policybench;

namespace {

// The status of a child that creates `path`, hands it to remove_pending_file_on_exit and then runs `end`. Every
// signal starts at its default action: one ignored by whoever started the tests (nohup's SIGHUP) stays ignored.
template <class End> int child_status(const std::string& path, End end) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    for (int signal = 1; signal <= SIGRTMAX; ++signal)
      std::signal(signal, SIG_DFL);
    if (std::FILE* f = std::fopen(path.c_str(), "w")) std::fclose(f);
    remove_pending_file_on_exit(path);
    end();
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

} // namespace

TEST_CASE("every terminating signal and exit() remove the pending file, then end the process as they would") {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("policybench-pending-" + std::to_string(::getpid()))).string();
  for (const int signal :
       {SIGHUP,    SIGINT,  SIGQUIT, SIGTRAP,   SIGABRT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM,  SIGTERM,
        SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO,   SIGPWR,  SIGSYS,  SIGRTMIN, SIGRTMAX}) {
    CAPTURE(signal);
    const int status = child_status(path, [signal] { std::raise(signal); });
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == signal);
    CHECK_FALSE(std::filesystem::exists(path));
  }
  CHECK(WEXITSTATUS(child_status(path, [] { std::exit(3); })) == 3);
  CHECK_FALSE(std::filesystem::exists(path));
  // forget_pending_file: the file stays (its owner named it) and a signal ends the process by default.
  const int status = child_status(path, [] {
    forget_pending_file();
    std::raise(SIGUSR1);
  });
  CHECK(WTERMSIG(status) == SIGUSR1);
  CHECK(std::filesystem::exists(path));
  std::filesystem::remove(path);
}
