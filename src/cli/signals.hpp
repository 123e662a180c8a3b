// The signals that end the process, in one place: a report file still pending is removed before any of them ends it,
// and Ctrl-C can instead ask the run to end early with what it measured.
#pragma once

#include <span>
#include <string>

namespace policybench {

/// Every signal whose default action ends the process (signal(7): Term and Core, the faults SEGV, BUS, FPE and ILL
/// included), less the realtime ones SIGRTMIN..SIGRTMAX, which are handled too. SIGKILL cannot be caught.
std::span<const int> fatal_signals();

/// Until forget_pending_file(), every fatal signal, realtime ones included, removes `path` and then ends the process
/// as it would have (the action it had before is restored and the signal raised again), and so does exit():
/// libgomp, for one, calls exit(1) when it cannot start a thread. A fault the process caused itself (the kernel's
/// SEGV, BUS, FPE or ILL) recurs instead, under the action it had before (a sanitizer's report, a core dump).
/// Signals the caller ignores (nohup, a background job's SIGINT) stay ignored. One path at a time; a path of 4096
/// bytes or more is not tracked (its owner's destructor still removes it).
void remove_pending_file_on_exit(const std::string& path);

/// Nothing removed any more, by a signal or at exit.
void forget_pending_file();

/// While one lives, a fatal signal sent to the process (not a fault it causes itself) is held, whichever thread its
/// handler runs in: the handler only notes it, and the destructor raises it again, to take its course then. Around
/// the step that makes a complete report final (the rename), so that no signal can remove or cut it. One at a time.
class signals_held {
public:
  signals_held();
  ~signals_held();
  signals_held(const signals_held&) = delete;
  signals_held& operator=(const signals_held&) = delete;
};

/// From now until stop_catching_interrupt(), the first SIGINT (Ctrl-C) only sets interrupt_requested
/// (measure/stopping.hpp) and says on stderr that the run is ending with what it measured; a second one, from a
/// second after the first on, ends the process as any fatal signal does (one within that second is the same
/// interrupt: timeout(1) sends its signal to the process and to its group). Nothing changes where SIGINT is ignored.
void catch_interrupt();

/// SIGINT ends the process again, as any fatal signal does.
void stop_catching_interrupt();

/// After an interrupted run's report is complete: ends the process by SIGINT, as a shell expects of a program that
/// Ctrl-C stopped (a script running it stops too; the status reads 130). Flushes stdout first.
[[noreturn]] void end_by_interrupt();

} // namespace policybench
