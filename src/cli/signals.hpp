// A file that must not outlive the process: removed by every terminating signal and by exit().
#pragma once

#include <string>

namespace policybench {

/// Until forget_pending_file(), every signal whose default action ends the process removes `path` and then ends
/// it as it would have (the handler re-raises), and so does exit(): libgomp, for one, calls exit(1) when it cannot
/// start a thread. Signals the caller ignores (nohup, a background job's SIGINT) stay ignored. Leaves alone the
/// faults a sanitizer or debugger reports (SEGV, BUS, ILL, FPE). One path at a time; a path of 4096 bytes or more
/// is not tracked (its owner's destructor still removes it).
void remove_pending_file_on_exit(const std::string& path);

/// The signals back to their default actions (ignored ones stay ignored); nothing removed at exit.
void forget_pending_file();

} // namespace policybench
