// The handler behind every fatal signal: a pending report file removed whatever ends the process (short of SIGKILL),
// and Ctrl-C turned into a request to end with what was measured.
#include "cli/signals.hpp"

#include "measure/stopping.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include <time.h>
#include <unistd.h>

namespace policybench {
namespace {

// signal(7)'s Term and Core actions, the faults included: a report's temporary must not outlive any of them.
constexpr int fatal[] = {SIGHUP,  SIGINT,    SIGQUIT, SIGILL,  SIGTRAP, SIGABRT, SIGBUS,    SIGFPE,
                         SIGUSR1, SIGSEGV,   SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU,
                         SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO,   SIGPWR,  SIGSYS};

// Plain arrays and sig_atomic_t: the handler may only touch those and call async-signal-safe functions.
std::array<char, 4096> pending{};
volatile std::sig_atomic_t catching_interrupt = 0;
std::atomic<std::int64_t> first_interrupt_ns{0}; // CLOCK_MONOTONIC of the first SIGINT (clock_gettime is signal-safe)
static_assert(std::atomic<std::int64_t>::is_always_lock_free, "read and written in the handler");
std::array<struct sigaction, NSIG> previous{}; // each signal's action before ours, restored to end the process

// Set by signals_held: a signal then is only noted in `held`, and raised again when the hold ends.
std::atomic<bool> holding{false};
std::atomic<int> held{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free, "used in the handler");

// The leading newline ends a terminal's progress line (and its "^C"); elsewhere it would be a stray empty line.
volatile std::sig_atomic_t note_from = 1;
constexpr char interrupt_note[] =
    "\npolicybench: interrupted: finishing the measurement in progress, then the report of what was measured "
    "(Ctrl-C again: quit without it)\n";

bool is_fault(int signal) { return signal == SIGSEGV || signal == SIGBUS || signal == SIGFPE || signal == SIGILL; }

std::int64_t monotonic_ns() {
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  return std::int64_t(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

extern "C" void remove_pending() {
  if (pending[0] != '\0') ::unlink(pending.data());
}

extern "C" void on_fatal_signal(int signal, siginfo_t* info, void*) {
  if (holding.load() && !(is_fault(signal) && info->si_code > 0)) {
    held.store(signal);
    // Left to the hold's end, unless it ended meanwhile without taking this signal.
    if (holding.load() || held.exchange(0) == 0) return;
  }
  if (signal == SIGINT) {
    // One interrupt may come twice: timeout(1) signals the process, then its process group. A second Ctrl-C counts
    // from a second after the first on, and ends the process.
    const std::int64_t first = first_interrupt_ns.load();
    if (first != 0 && monotonic_ns() - first < 1'000'000'000) return;
    if (first == 0 && catching_interrupt) {
      first_interrupt_ns.store(monotonic_ns());
      interrupt_requested.store(true);
      (void)!::write(STDERR_FILENO, interrupt_note + note_from, sizeof interrupt_note - 1 - note_from);
      return;
    }
  }
  remove_pending();
  ::sigaction(signal, &previous[std::size_t(signal)], nullptr);
  // The kernel's fault (si_code > 0) recurs at the same instruction once this returns; anything sent is raised
  // again, and delivered when this returns (the signal is blocked meanwhile).
  if (is_fault(signal) && info->si_code > 0) return;
  ::raise(signal);
}

// The handler on every fatal signal neither ignored nor ours already, each one's action before it kept: whoever
// set an action since (a test's child resetting them, a library) is chained to, not lost.
void install() {
  static const bool hooked = std::atexit(remove_pending) == 0;
  (void)hooked;
  struct sigaction ours {};
  ours.sa_sigaction = on_fatal_signal;
  ours.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&ours.sa_mask);
  const auto set = [&](int signal) {
    struct sigaction now {};
    ::sigaction(signal, nullptr, &now);
    if (now.sa_handler == SIG_IGN || ((now.sa_flags & SA_SIGINFO) && now.sa_sigaction == on_fatal_signal)) return;
    previous[std::size_t(signal)] = now;
    ::sigaction(signal, &ours, nullptr);
  };
  for (const int signal : fatal)
    set(signal);
  for (int signal = SIGRTMIN; signal <= SIGRTMAX; ++signal)
    set(signal);
}

} // namespace

std::span<const int> fatal_signals() { return fatal; }

void remove_pending_file_on_exit(const std::string& path) {
  pending[0] = '\0'; // the first byte last: the handler never sees a half-copied name
  if (path.empty() || path.size() >= pending.size()) return;
  install();
  std::copy(path.begin() + 1, path.end(), pending.begin() + 1);
  pending[path.size()] = '\0';
  pending[0] = path[0];
}

void forget_pending_file() { pending[0] = '\0'; }

signals_held::signals_held() { holding.store(true); }

signals_held::~signals_held() {
  holding.store(false);
  if (const int signal = held.exchange(0)) ::raise(signal);
}

void catch_interrupt() {
  install();
  note_from = ::isatty(STDERR_FILENO) == 1 ? 0 : 1;
  catching_interrupt = 1;
}

void stop_catching_interrupt() { catching_interrupt = 0; }

void end_by_interrupt() {
  std::fflush(stdout);
  forget_pending_file();
  ::signal(SIGINT, SIG_DFL);
  ::raise(SIGINT);
  std::_Exit(128 + SIGINT); // SIGINT blocked by whoever started us: the status a shell gives an interrupted command
}

} // namespace policybench
