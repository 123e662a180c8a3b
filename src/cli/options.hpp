// The command line: what a run measures and how it reports, parsed with CLI11; and the command line as a function
// (benchmark_main), which the policybench executable calls on the registry, a user's executable on its own op's rows
// (cli/user_main.hpp).
#pragma once

#include "harness/schedule.hpp"
#include "harness/sweep.hpp"
#include "machine/device_info.hpp"
#include "measure/run_config.hpp"
#include "policies/registry.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace CLI {
class App;
class Option;
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

/// What every line the executable writes on stderr starts with: the basename of args[0] (as CLI11 and every Unix tool
/// name themselves: a user's op's executable is not policybench), "policybench" without one.
std::string program_name(std::span<const char* const> args);

/// Timed calls at most per row of a sweep or a --max-noise run when --reps is not given.
inline constexpr int sweep_max_reps = 10'000;
/// A run given none of --reps, --max-noise and --min-time stops as nvbench's do: once the median's 95% confidence
/// interval is within +-default_max_noise, or when its share of the run's budget runs out.
inline constexpr double default_max_noise = 0.02;
/// Seconds of timed calls a sweep's row fills at least when no --min-time is given.
inline constexpr double sweep_min_time_s = 0.2;
/// A run (not a sweep) given no --budget ends within this many seconds, quiet machine or busy.
inline constexpr double default_budget_s = 30;
/// A sweep given no --budget: its points share this many seconds (harness/sweep.hpp stops before a point the time
/// left cannot hold), so that the README's sweeps end within minutes on a loaded machine.
inline constexpr double default_sweep_budget_s = 120;
/// The timed calls of a row that stops by count and was given no --reps (policybench-mpi's default).
inline constexpr int default_reps = 10;

struct options {
  std::vector<std::string> policies; ///< names as in C++ ("std::par"), trimmed; empty = every available policy
  bool list_policies = false, list_workloads = false;
  /// --workload's list, in order, each measured in turn into one report; run.workload is the first (a sweep's and
  /// policybench-mpi's one workload)
  std::vector<workload_id> workloads = {workload_id::increment};
  run_config run; ///< element type, element count, warm-up, and in run.stop the stopping rule the user asked for
  std::optional<int> threads;        ///< limit for oneTBB and OpenMP; nullopt = all logical cores
  std::string format = "table";      ///< --format: one of the names parse_options was given
  std::optional<std::string> output; ///< write the report here (atomically) instead of stdout
  std::optional<sweep_plan> sweep;   ///< --sweep and its bounds; none: one run
  bool quiet = false;                ///< no progress on stderr
  /// --order, --seed, --repetitions (a sweep: sequential) and --budget
  run_order order{.order = policy_order::interleaved};
  /// None of --reps, --max-noise, --min-time given, and no sweep: run has default_max_noise
  /// (policybench-mpi, whose ranks must make the same number of calls, goes back to default_reps)
  bool default_stopping = false;
};

/// A user's op (cli/user_main.hpp): the one workload its executable runs, under the op's own name, on the one element
/// type the op takes.
struct user_op {
  std::string name;
  element_type type;
  int inputs;        ///< 1 or 2
  workload_id shape; ///< the workload of its arrays, measured with that workload's ceiling rows (user_workload::shape)
  bool exact;        ///< results must equal the plain loop's, not come within a tolerance
  std::optional<double> flops; ///< FLOPs per element, where the op declares them
};

/// Adds the option `name` whose value is one of `names`: CLI11 hands `set` the number the name stands for, and
/// refuses any other text ("--type: float16 not in {float32,float64,...}").
CLI::Option* add_choice(CLI::App& app, std::string name, std::vector<std::pair<std::string, int>> names,
                        std::function<void(int)> set, std::string description);

/// add_choice setting `target`, with the names of its enum's table (measure/run_config.hpp).
template <class E, std::size_t N>
CLI::Option* add_choice(CLI::App& app, std::string name, E& target, const enum_name<E> (&table)[N],
                        std::string description) {
  std::vector<std::pair<std::string, int>> names;
  for (const auto& e : table)
    names.emplace_back(e.name, static_cast<int>(e.value));
  return add_choice(
      app, std::move(name), std::move(names), [&target](int value) { target = static_cast<E>(value); },
      std::move(description));
}

/// Parses args (args[0] is the program name); `formats`: the --format names (report_format_names(): the writers live
/// above this library). Returns the options, or std::nullopt after printing --help or --version to `out`. Throws
/// usage_error, one line naming the option, on bad input and on options that conflict (docs/robustness.md); policy
/// names are checked later, against the registry. `more` adds a caller's own options (policybench-mpi's --scaling).
/// With `op`, the executable runs that op alone (fit_to).
std::optional<options> parse_options(std::span<const char* const> args, std::ostream& out,
                                     std::span<const std::string_view> formats,
                                     const std::function<void(CLI::App&)>& more = {},
                                     const std::optional<user_op>& op = std::nullopt);

/// A user's op for benchmark_main: what the command line and the report say of it, and its rows.
struct user_op_run {
  user_op op;
  std::function<std::vector<policy_entry>(const device_info&)> rows;
};

/// Parses the options in argv (README "Command line"), measures the registry's rows, or `user`'s, and delivers the
/// report. Returns the exit status: 0 when every policy that ran validated, 1 when one failed validation or a run-time
/// error stopped the run (said on stderr), 2 for bad input; a run Ctrl-C ended ends by SIGINT once its report is out.
int benchmark_main(int argc, char** argv, const std::optional<user_op_run>& user = std::nullopt);

} // namespace policybench
