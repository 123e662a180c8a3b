// Delivering a report: --format's writer, to stdout or atomically to --output, and the signals that end the process,
// in one place (docs/robustness.md: "--output" and "Ctrl-C keeps the work" say what each guarantees).
#pragma once

#include "harness/result.hpp"
#include "report/report.hpp"

#include <functional>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <string_view>

namespace policybench {

/// Every signal whose default action ends the process (signal(7): Term and Core, the faults included), less the
/// realtime ones SIGRTMIN..SIGRTMAX, which are held too. SIGKILL cannot be caught.
std::span<const int> fatal_signals();

/// While one lives, a fatal signal sent to the process (not a fault it causes itself) is held, whichever thread its
/// handler runs in, and raised again by the destructor: around the steps that make a complete report final
/// (output_file::commit). One at a time.
class signals_held {
public:
  signals_held();
  ~signals_held();
  signals_held(const signals_held&) = delete;
  signals_held& operator=(const signals_held&) = delete;
};

/// From now until stop_catching_interrupt(), the first SIGINT (Ctrl-C) only sets interrupt_requested
/// (measure/run_config.hpp) and says on stderr, in a line that starts with `program`, that the run is ending with what
/// it measured; a second one, from a second after the first on, ends the process as any fatal signal does. Nothing
/// changes where SIGINT is ignored.
void catch_interrupt(std::string_view program);

/// SIGINT ends the process again, as any fatal signal does.
void stop_catching_interrupt();

/// After an interrupted run's report is complete: flushes stdout and ends the process by SIGINT, as a shell expects
/// of a program that Ctrl-C stopped (status 130).
[[noreturn]] void end_by_interrupt();

/// True when `path` names this process's standard output (`/dev/stdout`, `/proc/self/fd/1`, or a file stdout is
/// already open on): the report is then written to stdout as without --output, since a pipe cannot be renamed over.
bool is_standard_output(const std::string& path);

/// --output's file: the report is held in memory during the run and, at commit(), written to a temporary
/// ".policybench-XXXXXX" beside the target, which is then renamed over it.
class output_file {
public:
  /// Checks `path` before anything runs (a symbolic link followed to the file it names); holds a descriptor on its
  /// directory until commit(), so a process at its descriptor limit still has one for the report. Throws usage_error
  /// naming the path and the reason when `path` is a directory, a device, FIFO or socket, or its directory is missing
  /// or not writable.
  explicit output_file(std::string path);
  /// Removes the temporary file unless commit() succeeded.
  ~output_file();
  output_file(const output_file&) = delete;
  output_file& operator=(const output_file&) = delete;

  std::ostream& stream() { return stream_; }
  /// Writes the report to the temporary and gives it the target's name. Throws std::runtime_error on a write or
  /// rename failure (the temporary file is then removed).
  void commit();

private:
  std::string path_, temporary_;
  int directory_fd_ = -1;
  std::ostringstream stream_;
  bool committed_ = false;
};

/// The output formats' names, --format's default first: what parse_options accepts for --format.
std::span<const std::string_view> report_format_names();

/// Writes `report` in the format named `format` (JSON with `add`) to `file` or stdout and finish_output, then on
/// std::cerr what that format leaves out: the warnings where it has no place for them, and the crossovers unless a
/// table on screen carries them. A closed or full stderr does not change the exit status: the report is out first.
void deliver_report(const benchmark_report& report, std::string_view format, std::optional<output_file>& file,
                    const json_addition& add = {});

/// --list-policies and --list-workloads: `list` with `format` "json", else the table `write_table` writes (in markdown
/// with "markdown"), to `file` or stdout, then finish_output.
void deliver_list(std::string_view format, std::optional<output_file>& file, const nlohmann::ordered_json& list,
                  const std::function<void(std::ostream&, bool markdown)>& write_table);

/// Writes `report` (a long sweep's points so far) in the format named `format` to `file` and commits it, nothing to
/// stderr: open a new one for the next version.
void write_checkpoint(const benchmark_report& report, std::string_view format, output_file& file);

/// Commits `file`, or without one flushes stdout. Throws std::runtime_error when the report cannot be written (a
/// closed stdout, a full disk): that is an error, not a silent exit 0.
void finish_output(std::optional<output_file>& file);

} // namespace policybench
