// The outline of a run: options -> registry (or a user's op's rows) -> ceilings and policies measured in rounds ->
// report (its exit statuses: cli/options.hpp). Where to read on: cli/main.cpp's map.
#include "cli/options.hpp"

#include "cli/write_report.hpp"
#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "report/report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <iostream>
#include <limits>
#include <new>

#include <unistd.h>

namespace {

using namespace policybench;

// Progress on stderr: one line redrawn in place on a terminal, nothing otherwise. Hand-written: Debian 12 packages no
// C++ progress-bar library (no indicators, barkeep or tqdm-cpp).
class progress {
public:
  /// Shown only when `enabled` (not --quiet) and stderr is a terminal: a log or a pipe gets nothing extra.
  /// `expected_s`: how long the whole run is expected to take; 0 = unknown.
  progress(bool enabled, double expected_s)
      : expected_s_(expected_s), enabled_(enabled && ::isatty(STDERR_FILENO) == 1) {}
  /// Clears the line ("\x1b[K") on a terminal, so that the report that follows starts on a fresh one.
  ~progress() {
    if (shown_) fmt::print(stderr, "\r\x1b[K");
  }
  progress(const progress&) = delete;
  progress& operator=(const progress&) = delete;

  /// A line of its own, printed whatever the terminal (the progress line, if any, is redrawn after it).
  void note(const std::string& line) {
    fmt::print(stderr, "{}{}\n", shown_ ? "\r\x1b[K" : "", line);
    std::fflush(stderr);
  }
  /// Redraws the line: elapsed and expected seconds, then `what` (e.g. "round 2 of 5: std::par, 48 calls"). With
  /// `done`, the fraction of the work finished, the seconds left at the pace so far instead.
  void show(std::string_view what, std::optional<double> done = std::nullopt) {
    if (!enabled_) return;
    const double elapsed_s = seconds_since(start_);
    std::string expected = expected_s_ > 0 ? fmt::format(" of {:.0f} s", expected_s_) : "";
    if (done && *done > 0) {
      double left_s = elapsed_s * (1 - *done) / *done;
      if (expected_s_ > 0) left_s = std::min(left_s, std::max(0.0, expected_s_ - elapsed_s));
      expected = fmt::format(", about {:.0f} s left", left_s);
    }
    fmt::print(stderr, "\r[{:.1f} s{}] {}\x1b[K", elapsed_s, expected, what);
    std::fflush(stderr);
    shown_ = true;
  }

private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  double expected_s_;
  bool enabled_;
  bool shown_ = false;
};

benchmark_report measure(const options& opts, const std::vector<policy_entry>& selected, device_info device,
                         const sweep_point_callback& checkpoint, const std::string& program) {
  progress shown(!opts.quiet, opts.order.budget.budget_s());
  // Memory and threads checked before anything runs, at the size allocated first (a size sweep's later points are
  // planned against the same memory, a thread sweep against every CPU).
  run_config first = opts.run;
  const bool sized = opts.sweep && axis_of(opts.sweep->kind).sizes_array;
  if (sized) first.size = opts.sweep->min_size;
  or_usage_error<insufficient_memory>(sized ? "--min-size: " : "--size: ", [&] {
    or_usage_error<unstartable_threads>("", [&] { check_resources(first, opts.threads, selected, device); });
  });
  if (!opts.sweep) {
    const auto step = [&](const run_step& s) {
      shown.show(fmt::format("round {} ({} base): {}, {} calls", s.round, s.rounds, s.policy, s.calls));
    };
    return measure_workloads(
        opts.run, opts.workloads, opts.threads, query_host(), device, selected, opts.order, step,
        [&] { shown.show("probing where this host's bandwidth stops falling (memory or cache)"); },
        [&](const std::string& line) { shown.note(program + ": " + line); });
  }
  std::size_t steps = 0;
  const auto step = [&](std::string_view what, std::size_t total) {
    const double done = double(steps++) / double(total);
    shown.show(fmt::format("{}/{}: {}", steps, total, what), done);
  };
  return run_sweep(*opts.sweep, opts.run, sweep_clock(opts.order.budget), query_host(), device, selected, step,
                   checkpoint);
}

// --list-workloads of a user's op's executable: the op alone. FLOPs per element as the op declares them; unknown (NaN:
// null in JSON) where it declares none.
workload_facts facts_of(const user_op& op) {
  return {
      .name = op.name,
      .inputs = op.inputs,
      .in_place = false,
      .exact = op.exact,
      .bytes_per_element = {{std::string(to_string(op.type)), stream_bytes_per_element(op.inputs, size_of(op.type))}},
      .flops_per_element = op.flops.value_or(std::numeric_limits<double>::quiet_NaN())};
}

int run(int argc, char** argv, const std::optional<user_op_run>& user, const std::string& program) {
  auto opts = parse_options({argv, std::size_t(argc)}, std::cout, report_format_names(), {},
                            user ? std::optional(user->op) : std::nullopt);
  if (!opts) { // --help or --version went to stdout, which may be full or closed too
    std::optional<output_file> no_file;
    finish_output(no_file);
    return 0;
  }
  catch_interrupt(
      program); // from here the first Ctrl-C ends the measurement early, and the report keeps what it measured
  std::optional<output_file> file; // --output /dev/stdout on a pipe is stdout, which cannot be renamed over
  if (opts->output && !is_standard_output(*opts->output)) file.emplace(*opts->output);
  if (opts->list_workloads) {
    const auto facts = user ? std::vector{facts_of(user->op)} : workload_list();
    deliver_list(opts->format, file, workload_list_json(facts),
                 [&](std::ostream& out, bool markdown) { write_workload_list(facts, out, markdown); });
    return 0;
  }
  device_info device = query_device();
  auto all = user ? user->rows(device) : registry(device);
  if (opts->list_policies) {
    deliver_list(opts->format, file, policy_list_json(all),
                 [&](std::ostream& out, bool markdown) { write_policy_list(all, out, markdown); });
    return 0;
  }
  const auto selected =
      or_usage_error<unknown_policy>("--policies: ", [&] { return select_policies(std::move(all), opts->policies); });
  // Rows asked for that can none of them run here (a GPU row without a GPU): one line and exit 2, before anything is
  // written, not a report of nothing that exits 0. Listed, unavailable rows are said in the report beside the others.
  if (!selected.empty() &&
      std::ranges::all_of(selected, [](const policy_entry& p) { return p.unavailable.has_value(); })) {
    std::string names;
    for (const policy_entry& p : selected)
      names += (names.empty() ? "" : ", ") + p.name;
    throw usage_error("--policies: nothing to measure: every policy asked for is unavailable here (" + names + "; " +
                      *selected.front().unavailable + ")");
  }
  // A sweep's points so far replace the --output file after each point: a long sweep keeps its work as it goes.
  // Measured as the workload of its shape (cli/options.cpp's fit_to), reported under the op's own name.
  const auto named = [&](benchmark_report& report) {
    if (!user) return;
    report.environment.config.workload = user->op.name;
    for (result_row& row : report.results)
      row.workload = user->op.name;
    for (run_summary& summary : report.summaries)
      summary.workload = user->op.name;
  };
  const auto checkpoint = [&](benchmark_report so_far) {
    if (!file) return;
    named(so_far);
    so_far.partial = true;
    write_checkpoint(so_far, opts->format, *file);
    file.emplace(*opts->output);
  };
  auto report = measure(*opts, selected, std::move(device), checkpoint, program);
  named(report);
  if (interrupt_requested) {
    report.partial = report.interrupted = true;
    report.warnings.insert(report.warnings.begin(),
                           "interrupted (Ctrl-C): the report holds what was measured before it; rows cut short say "
                           "stopped_by interrupted, rows never started 'not measured: interrupted'");
  }
  // A first Ctrl-C while the complete report is written only asks to end by SIGINT once it is delivered, as one
  // during the measurement does: the report is what it kept.
  deliver_report(report, opts->format, file);
  stop_catching_interrupt();
  return all_valid(report.results) ? 0 : 1;
}

} // namespace

int policybench::benchmark_main(int argc, char** argv, const std::optional<user_op_run>& user) {
  const std::string program = program_name({argv, std::size_t(argc)});
  try {
    const int status = run(argc, argv, user, program);
    if (policybench::interrupt_requested) policybench::end_by_interrupt();
    return status;
  } catch (const policybench::usage_error& e) {
    std::cerr << program << ": error: " << one_line(e.what()) << '\n';
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << program << ": error: out of host memory (std::bad_alloc); a smaller --size needs less\n";
  } catch (const std::exception& e) {
    std::cerr << program << ": error: " << one_line(e.what()) << '\n';
  }
  return 1;
}
