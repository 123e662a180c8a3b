// The handler and exit hook that remove a temporary report file whatever ends the process, short of SIGKILL.
#include "cli/pending_file.hpp"

#include <algorithm>
#include <array>
#include <csignal>
#include <cstdlib>

#include <unistd.h>

namespace policybench {
namespace {

// A plain char array, since the handler may only call async-signal-safe functions (unlink, raise).
std::array<char, 4096> pending{};

// Every signal whose default action is to end the process (signal(7): Term and Core), less the faults.
constexpr int terminating_signals[] = {SIGHUP,  SIGINT,    SIGQUIT, SIGTRAP, SIGABRT,   SIGUSR1,
                                       SIGUSR2, SIGPIPE,   SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU,
                                       SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO,   SIGPWR,    SIGSYS};

extern "C" void remove_pending_and_reraise(int signal) {
  if (pending[0] != '\0') ::unlink(pending.data());
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

extern "C" void remove_pending_at_exit() {
  if (pending[0] != '\0') ::unlink(pending.data());
}

void set_handlers(void (*handler)(int)) {
  const auto set = [&](int signal) {
    if (std::signal(signal, handler) == SIG_IGN) std::signal(signal, SIG_IGN);
  };
  for (const int signal : terminating_signals)
    set(signal);
  for (int signal = SIGRTMIN; signal <= SIGRTMAX; ++signal)
    set(signal);
}

} // namespace

void remove_pending_file_on_exit(const std::string& path) {
  if (path.size() >= pending.size()) return;
  std::copy(path.begin(), path.end(), pending.begin());
  pending[path.size()] = '\0';
  static const bool hooked = std::atexit(remove_pending_at_exit) == 0;
  (void)hooked;
  set_handlers(remove_pending_and_reraise);
}

void forget_pending_file() {
  pending[0] = '\0';
  set_handlers(SIG_DFL);
}

} // namespace policybench
