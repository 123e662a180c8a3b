// The fatal signals: held while a report is made final, then ending the process as they would have (a real fault
// at once), and Ctrl-C asking the run to end early instead. Each case runs in a child process.
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

// The status of a child that runs `end`. Every signal starts at its default action: one ignored by whoever started
// the tests (nohup's SIGHUP) stays ignored.
template <class End> int child_status(End end) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    for (int signal = 1; signal <= SIGRTMAX; ++signal)
      std::signal(signal, SIG_DFL);
    end();
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

// A file a child makes to show it went on past a point (named by the parent's pid, taken before any fork).
const std::string marker =
    (std::filesystem::temp_directory_path() / ("policybench-marker-" + std::to_string(::getpid()))).string();

void make_marker() {
  if (std::FILE* f = std::fopen(marker.c_str(), "w")) std::fclose(f);
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

TEST_CASE("every fatal signal sent during signals_held waits for its end, then ends the process as it would") {
  std::vector<int> signals(fatal_signals().begin(), fatal_signals().end());
  signals.insert(signals.end(), {SIGRTMIN, SIGRTMAX});
  for (const int signal : signals) {
    CAPTURE(signal);
    const int status = child_status([signal] {
      const signals_held held;
      std::raise(signal);
      make_marker(); // still running: the signal waits
    });
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == signal);
    CHECK(std::filesystem::exists(marker));
    std::filesystem::remove(marker);
  }
}

TEST_CASE("a fault the process causes itself is not held: it ends the process by that fault at once") {
  const int status = child_status([] {
    const signals_held held;
    void* page = ::mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    *static_cast<volatile char*>(page) = 1; // SEGV_ACCERR from the kernel: the handler returns, the write faults again
    make_marker();
  });
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGSEGV);
  CHECK_FALSE(std::filesystem::exists(marker));
}

TEST_CASE("catch_interrupt: the first Ctrl-C only asks to stop, the second ends the process as before") {
  const int status = child_status([] {
    catch_interrupt("policybench");
    std::raise(SIGINT);
    std::raise(SIGINT);                    // within a second: the same interrupt, sent twice (timeout -s INT does)
    if (!interrupt_requested) ::_exit(10); // the run goes on
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    std::raise(SIGINT);
    ::_exit(11); // not reached: the second one ends the process
  });
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGINT);
  // After the report: end_by_interrupt ends by SIGINT (a calling shell script stops too).
  const int ended = child_status([] {
    catch_interrupt("policybench");
    std::raise(SIGINT);
    stop_catching_interrupt();
    end_by_interrupt();
  });
  CHECK(WIFSIGNALED(ended));
  CHECK(WTERMSIG(ended) == SIGINT);
}

TEST_CASE("catch_interrupt: a SIGINT a tenth of a second after the first is the same interrupt, not a second one") {
  // timeout(1) signals the process, then its process group; a loaded machine can put time between the two.
  const int status = child_status([] {
    catch_interrupt("policybench");
    std::raise(SIGINT);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::raise(SIGINT);
    ::_exit(interrupt_requested ? 0 : 10); // the run goes on
  });
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}
