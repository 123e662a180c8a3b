// A request to end the run early (Ctrl-C): what makes calls checks it and ends with what it measured, so that a long
// run or sweep interrupted keeps its work.
#pragma once

#include <atomic>

namespace policybench {

/// Set by the command line's SIGINT handler (cli/signals.hpp), hence a lock-free atomic: time_calls ends a row's
/// timed calls after the call in progress (stopped_by interrupted), the round and sweep loops start nothing more.
inline std::atomic<bool> interrupt_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

} // namespace policybench
