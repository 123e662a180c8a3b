// The fatal signals: a pending report file is removed whatever signal ends the process (faults included, a real
// fault too), the process still ends as that signal would have ended it, and Ctrl-C can ask the run to end early
// instead. Each case runs in a child process.
#include <doctest/doctest.h>

#include "cli/write_report.hpp"
#include "measure/run_config.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <sys/mman.h>
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

std::string pending_path() {
  return (std::filesystem::temp_directory_path() / ("policybench-pending-" + std::to_string(::getpid()))).string();
}

} // namespace

TEST_CASE("fatal_signals: every signal whose default action ends the process, from signal(7), and no other") {
  // signal(7): Ign (CHLD, URG, WINCH), Stop (STOP, TSTP, TTIN, TTOU), Cont; KILL cannot be caught.
  const std::set<int> spared{SIGCHLD, SIGURG, SIGWINCH, SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU, SIGCONT, SIGKILL};
  std::set<int> ending;
  for (int signal = 1; signal < 32; ++signal)
    if (!spared.contains(signal)) ending.insert(signal);
  const auto listed = fatal_signals();
  CHECK(std::set<int>(listed.begin(), listed.end()) == ending);
  CHECK(ending.contains(SIGSEGV));
}

TEST_CASE("every fatal signal and exit() remove the pending file, then end the process as they would") {
  const std::string path = pending_path();
  std::vector<int> signals(fatal_signals().begin(), fatal_signals().end());
  signals.insert(signals.end(), {SIGRTMIN, SIGRTMAX});
  for (const int signal : signals) {
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

TEST_CASE("a fault the process causes itself removes the pending file and still ends it by that fault") {
  const std::string path = pending_path();
  const int status = child_status(path, [] {
    void* page = ::mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    *static_cast<volatile char*>(page) = 1; // SEGV_ACCERR from the kernel: the handler returns, the write faults again
  });
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGSEGV);
  CHECK_FALSE(std::filesystem::exists(path));
}

TEST_CASE("catch_interrupt: the first Ctrl-C only asks to stop, the second ends the process as before") {
  const std::string path = pending_path();
  const int status = child_status(path, [&] {
    catch_interrupt();
    std::raise(SIGINT);
    std::raise(SIGINT); // within a second: the same interrupt, sent twice (timeout -s INT does)
    if (!interrupt_requested || !std::filesystem::exists(path)) ::_exit(10); // the run goes on, its file kept
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    std::raise(SIGINT);
    ::_exit(11); // not reached: the second one ends the process
  });
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGINT);
  CHECK_FALSE(std::filesystem::exists(path));
  // After the report: end_by_interrupt ends by SIGINT (a calling shell script stops too), the report kept.
  const int ended = child_status(path, [] {
    catch_interrupt();
    std::raise(SIGINT);
    stop_catching_interrupt();
    end_by_interrupt();
  });
  CHECK(WIFSIGNALED(ended));
  CHECK(WTERMSIG(ended) == SIGINT);
  CHECK(std::filesystem::exists(path));
  std::filesystem::remove(path);
}

TEST_CASE("catch_interrupt: a SIGINT a tenth of a second after the first is the same interrupt, not a second one") {
  // timeout(1) signals the process, then its process group; a loaded machine can put time between the two.
  const std::string path = pending_path();
  const int status = child_status(path, [&] {
    catch_interrupt();
    std::raise(SIGINT);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::raise(SIGINT);
    ::_exit(interrupt_requested && std::filesystem::exists(path) ? 0 : 10); // the run goes on, its file kept
  });
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  std::filesystem::remove(path);
}
