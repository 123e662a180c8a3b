// The command line: what a run measures and how it reports, parsed with CLI11.
#pragma once

#include "harness/schedule.hpp"
#include "harness/sweep_plan.hpp"
#include "measure/enum_names.hpp"
#include "measure/run_config.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
class ParseError;
} // namespace CLI

namespace policybench {

/// Bad input from the user: a one-line message; the executable prints it and exits with status 2.
struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// f()'s value, an exception E it throws (a file, a policy name or a size the harness refused) turned into the
/// usage_error `prefix` + its what().
template <class E, class F> auto or_usage_error(const std::string& prefix, F&& f) {
  try {
    return f();
  } catch (const E& e) {
    throw usage_error(prefix + e.what());
  }
}

/// `text` with each control character written as an escape ("\\n", "\\t", "\\x1b"): what every error line goes
/// through, since it may quote what the user typed (--policies $'a\\nb') and must stay one line.
std::string one_line(std::string_view text);

/// CLI11's own error `error` (its wording: "The following argument was not expected: x", "--format excludes --wide")
/// as the usage_error "<option>: <what>" every other check throws; a misspelt option with the name in `app` it most
/// likely meant ("--sizes": "did you mean --size?"), a missing value with what the option takes.
usage_error from_cli11(const CLI::ParseError& error, const CLI::App& app);

/// --help's look: a name for each value ("--size COUNT", not CLI11's "TEXT"), every line within 120 columns.
void format_help(CLI::App& app);

/// Timed calls at most per row of a sweep or a --max-noise run when --reps is not given: --min-time or
/// --max-noise decides below it.
inline constexpr int sweep_max_reps = 10'000;
/// A run given none of --reps, --max-noise and --min-time (--timeout only bounds it) stops as nvbench's do: once the
/// median's 95% confidence interval is within +-default_max_noise, or when its share of the run's budget runs out.
inline constexpr double default_max_noise = 0.02;
/// Seconds of timed calls a sweep's row fills at least when no --min-time is given.
inline constexpr double sweep_min_time_s = 0.2;
/// A run (not a sweep) given no --budget ends within this many seconds, quiet machine or busy.
inline constexpr double default_budget_s = 30;
/// A sweep given no --budget: its points share this many seconds, and a size or work sweep stops before a point the
/// time left cannot hold (harness/sweep.hpp), so that the README's sweeps end within minutes on a loaded machine.
inline constexpr double default_sweep_budget_s = 120;
/// The timed calls of a row that stops by count and was given no --reps (policybench-mpi's default).
inline constexpr int default_reps = 10;

struct options {
  std::vector<std::string> policies; ///< names as in C++ ("std::par"), trimmed; empty = every available policy
  bool list_policies = false;
  run_config run;                             ///< element type, element count, warm-up and timed calls
  std::optional<int> threads;                 ///< limit for oneTBB and OpenMP; nullopt = all logical cores
  std::string format = "table";               ///< --format: one of the names parse_options was given
  std::optional<std::string> output;          ///< write the report here (atomically) instead of stdout
  sweep_plan sweep{.kind = sweep_kind::none}; ///< --sweep (none: one run) and its bounds
  bool quiet = false;                         ///< no progress on stderr
  /// --order, --seed, --repetitions (a sweep: sequential) and --budget
  run_order order{.order = policy_order::interleaved};
  /// None of --reps, --max-noise, --min-time given, and no sweep: run has default_max_noise
  /// (policybench-mpi, whose ranks must make the same number of calls, goes back to default_reps)
  bool default_stopping = false;
};

/// The value `table` names `text`, given to `option`; throws usage_error "<option>: '<text>' is not one of <names>"
/// for any other text.
template <class E, std::size_t N>
E parse_choice(std::string_view option, const enum_name<E> (&table)[N], const std::string& text) {
  if (const auto value = parse_in(table, text)) return *value;
  throw usage_error(std::string(option) + ": '" + text + "' is not one of " + names_in(table));
}

/// Parses `text`, given to `option`, as a count: decimal digits with an optional suffix k, M or G (10^3, 10^6,
/// 10^9; "10M" = 10000000). Throws usage_error naming the option and the accepted forms for anything else ("",
/// "-5", " 7", "1e7", "10Mi", "10x") and for values beyond 2^64 - 1, ending with `example` of a good value.
std::uint64_t parse_count(std::string_view option, std::string_view text, std::string_view example = "10M");

/// parse_count(option, text) as an int in [min, max] (max <= INT_MAX); `max_is` says where the upper bound comes
/// from when it is not a constant. Throws usage_error "<option>: <text> is outside <min>..<max> (<max_is>)".
int parse_int(std::string_view option, const std::string& text, std::uint64_t min, std::uint64_t max,
              std::string_view max_is = {});

/// The comma-separated names of the one value given to `option`, in order, spaces around a name dropped
/// ("loop, std::seq"). Throws usage_error "<option>: an empty name in the list" for an empty name ("", "a,,b",
/// "a,"), "<option>: '<name>' is listed twice" for a repeated one and "<option>: given N times; ..." for a second
/// value.
std::vector<std::string> split_list(std::string_view option, const std::vector<std::string>& values);

/// Parses args (args[0] is the program name); `formats`: the --format names (cli/write_report.hpp's
/// report_format_names(): the writers live above this library). Returns the options, or std::nullopt after
/// printing --help or --version to `out`. Throws usage_error, one line naming the option, on bad input and on
/// options that conflict (docs/robustness.md lists them). Policy names are checked later, against the registry.
/// `more` adds a caller's own options to the parser (policybench-mpi's --scaling) before it parses.
std::optional<options> parse_options(std::span<const char* const> args, std::ostream& out,
                                     std::span<const std::string_view> formats,
                                     const std::function<void(CLI::App&)>& more = {});

/// parse_options's helpers (cli/parse_stopping.cpp), for the options that decide which points a run measures,
/// how many timed calls each row gets and in what order: checked together, since each one's meaning depends on the
/// others. The texts given to --sweep, --min-size, --max-size, --min-time ("" = not given), --max-noise, --timeout,
/// --order and --seed (nullopt = not given, so that an empty value is refused), and whether --size and --reps were.
struct stopping_texts {
  std::string sweep, min_size, max_size, min_time, work, min_work, max_work;
  std::optional<std::string> max_noise, timeout, order, seed, budget, repetitions;
  bool size_given = false, reps_given = false;
};

/// Sets o.sweep (kind and bounds), o.order (its budget too), o.default_stopping, o.run's stopping rule, and --work
/// K or the work sweep's bounds; call with o.run.type set (K must keep the type exact: measure/work.hpp).
void parse_stopping(options& o, const stopping_texts& t);

} // namespace policybench
