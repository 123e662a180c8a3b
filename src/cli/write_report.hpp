// Delivering a report: --format's writer, to stdout or to --output, written atomically (the report goes to an
// unnamed file in the target's directory and is given the target's name only when complete, so a failed, interrupted
// or killed run never leaves half a file); the signals that end the process, in one place (a report file still
// pending is removed before any of them ends it, and Ctrl-C can instead ask the run to end early with what it
// measured); and what goes to stderr beside the report.
#pragma once

#include "harness/result.hpp"
#include "report/report.hpp"

#include <fstream>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

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
/// (measure/run_config.hpp) and says on stderr that the run is ending with what it measured; a second one, from a
/// second after the first on, ends the process as any fatal signal does (one within that second is the same
/// interrupt: timeout(1) sends its signal to the process and to its group). Nothing changes where SIGINT is ignored.
void catch_interrupt();

/// SIGINT ends the process again, as any fatal signal does.
void stop_catching_interrupt();

/// After an interrupted run's report is complete: ends the process by SIGINT, as a shell expects of a program that
/// Ctrl-C stopped (a script running it stops too; the status reads 130). Flushes stdout first.
[[noreturn]] void end_by_interrupt();

/// True when `path` names this process's standard output (`/dev/stdout`, `/proc/self/fd/1`, or a file stdout is
/// already open on): the report is then written to stdout as without --output, since a pipe cannot be renamed over.
bool is_standard_output(const std::string& path);

class output_file {
public:
  /// Opens an unnamed file (O_TMPFILE) in the directory of `path`, which no signal, not even SIGKILL, can leave
  /// behind. Where the file system has no unnamed files, a temporary named ".policybench-XXXXXX" beside the target
  /// (short, so a target name of up to 255 bytes still works), removed by every fatal signal, the faults included,
  /// and at exit() (remove_pending_file_on_exit above). A symbolic link, dangling or not, is followed to the file it
  /// names. One output_file at a time. Throws usage_error naming the path and the reason when `path` is a directory, a
  /// device, FIFO or socket, or the file cannot be created (missing directory, no permission).
  explicit output_file(std::string path);
  /// Removes the temporary file unless commit() succeeded.
  ~output_file();
  output_file(const output_file&) = delete;
  output_file& operator=(const output_file&) = delete;

  std::ostream& stream() { return stream_; }
  /// Flushes and gives the file the target's name. Throws std::runtime_error on a write, link or rename failure
  /// (the temporary file is then removed).
  void commit();

private:
  std::string path_, temporary_; ///< temporary_ is empty for an unnamed file
  int unnamed_fd_ = -1;
  std::ofstream stream_;
  bool committed_ = false;
};

/// The output formats' names (cli/write_report.cpp's table, --format's default first): what parse_options accepts
/// for --format.
std::span<const std::string_view> report_format_names();

/// Writes `report` in the format named `format` (one of report_format_names(); JSON with `add`) to `file` or
/// stdout and finish_output, then on std::cerr what that format leaves out: the warnings where it has no place for
/// them, and the crossovers unless a table on screen carries them in its footer. The report is in place before
/// anything goes to stderr, and a closed or full stderr (SIGPIPE ignored meanwhile) does not end the run or change
/// its exit status: a report already written is never lost to a note about it.
void deliver_report(const benchmark_report& report, std::string_view format, std::optional<output_file>& file,
                    const json_addition& add = {});

/// --list-policies: `registry` as a table or, with `format` "json", as JSON (report.hpp) to `file` or stdout, then
/// finish_output.
void deliver_policy_list(const std::vector<policy_entry>& registry, std::string_view format,
                         std::optional<output_file>& file);

/// Writes `report` (a long sweep's points so far) in the format named `format` to `file` and gives it the target's
/// name, atomically as the final report will replace it; nothing goes to stderr. `file` is committed afterwards:
/// open a new one for the next version.
void write_checkpoint(const benchmark_report& report, std::string_view format, output_file& file);

/// Commits `file`, or without one flushes stdout. Throws std::runtime_error when the report cannot be written (a
/// closed stdout, a full disk): that is an error, not a silent exit 0.
void finish_output(std::optional<output_file>& file);

} // namespace policybench
