// Delivering a report: the one place the command line's choice of format meets the writers; atomic report files; and
// the handler behind every fatal signal: held while a report is made final, Ctrl-C turned into a request to end early.
#include "cli/write_report.hpp"

#include "cli/options.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <ranges>
#include <stdexcept>
#include <system_error>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

namespace policybench {
namespace {

namespace fs = std::filesystem;

// signal(7)'s Term and Core actions, the faults included: none may cut a report's commit short.
constexpr int fatal[] = {SIGHUP,  SIGINT,    SIGQUIT, SIGILL,  SIGTRAP, SIGABRT, SIGBUS,    SIGFPE,
                         SIGUSR1, SIGSEGV,   SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU,
                         SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO,   SIGPWR,  SIGSYS};

// Plain arrays and sig_atomic_t: the handler may only touch those and call async-signal-safe functions.
volatile std::sig_atomic_t catching_interrupt = 0;
std::atomic<std::int64_t> first_interrupt_ns{0}; // CLOCK_MONOTONIC of the first SIGINT (clock_gettime is signal-safe)
static_assert(std::atomic<std::int64_t>::is_always_lock_free, "read and written in the handler");
std::array<struct sigaction, NSIG> previous{}; // each signal's action before ours, restored to end the process

// Set by signals_held: a signal then is only noted in `held`, and raised again when the hold ends.
std::atomic<bool> holding{false};
std::atomic<int> held{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free, "used in the handler");

// The leading newline ends a terminal's progress line (and its "^C"); elsewhere it would be a stray empty line.
// Written by catch_interrupt before the handler may read it (a program name of 64 characters at most fits).
volatile std::sig_atomic_t note_from = 1;
std::array<char, 256> interrupt_note{};
std::size_t interrupt_note_size = 0;

bool is_fault(int signal) { return signal == SIGSEGV || signal == SIGBUS || signal == SIGFPE || signal == SIGILL; }

std::int64_t monotonic_ns() {
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  return std::int64_t(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
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
      (void)!::write(STDERR_FILENO, interrupt_note.data() + note_from, interrupt_note_size - note_from);
      return;
    }
  }
  ::sigaction(signal, &previous[std::size_t(signal)], nullptr);
  // The kernel's fault (si_code > 0) recurs at the same instruction once this returns; anything sent is raised
  // again, and delivered when this returns (the signal is blocked meanwhile).
  if (is_fault(signal) && info->si_code > 0) return;
  ::raise(signal);
}

// The handler on every fatal signal neither ignored nor ours already, each one's action before it kept: whoever
// set an action since (a test's child resetting them, a library) is chained to, not lost.
void install() {
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

// Whether `path` names something (a link is not followed); false for a new file. Any other failure (a name or path
// too long, a loop of links, a directory this user cannot search) is the one --output error, not a filesystem_error.
bool names_something(const fs::path& path, struct stat& st) {
  if (::lstat(path.c_str(), &st) == 0) return true;
  if (errno == ENOENT) return false; // a missing directory is found when the file is opened, with the same line
  throw usage_error("--output: cannot write '" + path.string() + "': " + std::strerror(errno));
}

// `path` with every symbolic link along its last component followed, dangling or not: the report replaces the
// file a link names, never the link.
fs::path follow_links(fs::path path) {
  struct stat st {};
  for (int hops = 0; names_something(path, st) && S_ISLNK(st.st_mode); ++hops) {
    if (hops == 40) throw usage_error("--output: '" + path.string() + "': too many levels of symbolic links");
    std::error_code ec;
    const fs::path target = fs::read_symlink(path, ec);
    if (ec) throw usage_error("--output: cannot write '" + path.string() + "': " + ec.message());
    path = target.is_absolute() ? target : path.parent_path() / target;
  }
  return path;
}

std::string directory_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

/// One output format. A new format is its writer (report/report.hpp) and a row below.
struct report_format {
  std::string_view name; ///< its --format word
  /// writes a report to a stream; `add`: what a mode adds to a JSON document (the other formats ignore it)
  void (*write)(const benchmark_report& report, std::ostream& out, const json_addition& add) = nullptr;
  bool holds_warnings = false; ///< the report has a place for the warnings; else they go to stderr
  bool has_footer = false;     ///< its footer shows the crossovers to a reader on screen; else they go to stderr
};

// --format's default (options::format) first. A writer that takes no JSON additions ignores them.
constexpr report_format formats[] = {
    {.name = "table",
     .write = [](const auto& r, auto& out, const auto&) { write_table(r, false, out); },
     .holds_warnings = true,
     .has_footer = true},
    {.name = "wide",
     .write = [](const auto& r, auto& out, const auto&) { write_table(r, false, out, true); },
     .holds_warnings = true,
     .has_footer = true},
    {.name = "markdown",
     .write = [](const auto& r, auto& out, const auto&) { write_table(r, true, out); },
     .holds_warnings = true,
     .has_footer = true},
    {.name = "csv", .write = [](const auto& r, auto& out, const auto&) { write_csv(r, out); }},
    {.name = "json", .write = write_json, .holds_warnings = true},
    {.name = "gbench",
     .write = [](const auto& r, auto& out, const auto&) { write_gbench(r, query_run_context(), out); }}};

const report_format& format_named(std::string_view name) {
  const auto* f = std::find_if(std::begin(formats), std::end(formats), [&](const auto& f) { return f.name == name; });
  if (f == std::end(formats)) throw std::logic_error("no output format '" + std::string(name) + "'");
  return *f;
}

} // namespace

std::span<const int> fatal_signals() { return fatal; }

signals_held::signals_held() {
  install();
  holding.store(true);
}

signals_held::~signals_held() {
  holding.store(false);
  if (const int signal = held.exchange(0)) ::raise(signal);
}

void catch_interrupt(std::string_view program) {
  const int length = std::snprintf(interrupt_note.data(), interrupt_note.size(),
                                   "\n%.*s: interrupted: finishing the measurement in progress, then the report of "
                                   "what was measured (Ctrl-C again: quit without it)\n",
                                   int(std::min<std::size_t>(program.size(), 64)), program.data());
  interrupt_note_size = std::size_t(std::max(length, 0));
  install();
  note_from = ::isatty(STDERR_FILENO) == 1 ? 0 : 1;
  catching_interrupt = 1;
}

void stop_catching_interrupt() { catching_interrupt = 0; }

void end_by_interrupt() {
  std::fflush(stdout);
  ::signal(SIGINT, SIG_DFL);
  ::raise(SIGINT);
  std::_Exit(128 + SIGINT); // SIGINT blocked by whoever started us: the status a shell gives an interrupted command
}

bool is_standard_output(const std::string& path) {
  struct stat named {
  }, out{};
  return ::stat(path.c_str(), &named) == 0 && ::fstat(STDOUT_FILENO, &out) == 0 && named.st_dev == out.st_dev &&
         named.st_ino == out.st_ino;
}

output_file::output_file(std::string path) : path_(follow_links(path).string()) {
  std::error_code ec;
  if (fs::is_directory(path_, ec)) throw usage_error("--output: '" + path_ + "' is a directory, not a file name");
  // Renaming over a device, FIFO or socket would replace it with a plain file (as root, /dev/null itself).
  if (const auto status = fs::status(path_, ec); fs::exists(status) && !fs::is_regular_file(status))
    throw usage_error("--output: '" + path_ +
                      "' is not a regular file (a device, FIFO or socket); leave --output out to write to stdout");
  // Permissions say yes to root everywhere, /proc and /sys included, where no file can be made: a temporary like
  // commit's is made and removed, first (with `ulimit -n 4` one descriptor is all there is). O_PATH: a directory this
  // user may write to but not list is still one the report can go to.
  std::string probe = directory_of(path_) + "/.policybench-XXXXXX";
  const int made = ::mkostemp(probe.data(), O_CLOEXEC);
  if (made >= 0) ::close(made), ::unlink(probe.c_str());
  directory_fd_ = made < 0 ? -1 : ::open(directory_of(path_).c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (directory_fd_ < 0 || ::faccessat(directory_fd_, ".", W_OK | X_OK, AT_EACCESS) != 0) {
    const std::string why = std::strerror(errno);
    if (directory_fd_ >= 0) ::close(directory_fd_);
    throw usage_error("--output: cannot write '" + path_ + "': " + why);
  }
}

output_file::~output_file() {
  if (directory_fd_ >= 0) ::close(directory_fd_);
  if (!committed_ && !temporary_.empty()) ::unlink(temporary_.c_str());
}

void output_file::commit() {
  const auto fail = [&](const std::string& why) {
    if (!temporary_.empty()) ::unlink(temporary_.c_str());
    return std::runtime_error("--output: could not complete '" + path_ + "': " + why);
  };
  if (!stream_) throw fail("the report could not be formatted");
  // From here a signal (Ctrl-C just as the run ends, mpirun's SIGTERM) takes its course once the report has the
  // target's name: it can neither leave the temporary behind nor cut the report short.
  const signals_held held;
  ::close(std::exchange(directory_fd_, -1)); // its descriptor is now the temporary's
  temporary_ = directory_of(path_) + "/.policybench-XXXXXX";
  const int fd = ::mkostemp(temporary_.data(), O_CLOEXEC);
  if (fd < 0) {
    temporary_.clear();
    throw fail(std::strerror(errno));
  }
  const mode_t mask = ::umask(0); // mkostemp's 0600 made what any new file gets: 0666 less the umask
  ::umask(mask);
  const std::string text = std::move(stream_).str();
  bool written = ::fchmod(fd, 0666 & ~mask) == 0;
  for (std::size_t at = 0; written && at < text.size();) {
    const ssize_t n = ::write(fd, text.data() + at, text.size() - at);
    if (n < 0 && errno == EINTR) continue;
    written = n > 0;
    at += written ? std::size_t(n) : 0;
  }
  const int error = errno;
  if (::close(fd) != 0 || !written) throw fail(std::strerror(written ? errno : error));
  if (std::rename(temporary_.c_str(), path_.c_str()) != 0) throw fail(std::strerror(errno));
  committed_ = true;
}

std::span<const std::string_view> report_format_names() {
  const auto names_of = formats | std::views::transform(&report_format::name);
  static const std::vector<std::string_view> names(names_of.begin(), names_of.end());
  return names;
}

void deliver_report(const benchmark_report& report, std::string_view format, std::optional<output_file>& file,
                    const json_addition& add) {
  const report_format& f = format_named(format);
  f.write(report, file ? file->stream() : std::cout, add);
  const bool table_on_screen = !file && f.has_footer;
  finish_output(file);
  struct sigaction ignore {
  }, previous{};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &previous);
  if (!f.holds_warnings)
    for (const auto& w : report.warnings)
      std::cerr << "warning: " << w << '\n';
  // The table carries the crossovers in its footer; whoever gets JSON, CSV or a file should still read them.
  if (report.crossovers && !table_on_screen)
    for (const auto& line : crossover_summary(*report.crossovers))
      std::cerr << "crossover: " << line << '\n';
  if (report.compute_bound && !table_on_screen)
    for (const auto& line : compute_bound_summary(*report.compute_bound))
      std::cerr << "roofline: " << line << '\n';
  std::cerr.clear(); // a failed note is no failed run
  ::sigaction(SIGPIPE, &previous, nullptr);
}

void deliver_list(std::string_view format, std::optional<output_file>& file, const nlohmann::ordered_json& list,
                  const std::function<void(std::ostream&, bool markdown)>& write_table) {
  std::ostream& out = file ? file->stream() : std::cout;
  if (format == "json")
    out << list.dump(2) << '\n';
  else
    write_table(out, format == "markdown");
  finish_output(file);
}

void write_checkpoint(const benchmark_report& report, std::string_view format, output_file& file) {
  format_named(format).write(report, file.stream(), {});
  file.commit();
}

void finish_output(std::optional<output_file>& file) {
  if (file)
    file->commit();
  else if (!std::cout.flush())
    throw std::runtime_error(std::string("cannot write the report to stdout: ") + std::strerror(errno));
}

} // namespace policybench
