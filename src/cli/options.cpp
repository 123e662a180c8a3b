// The command line, parsed with CLI11: every check here yields a one-line usage_error naming the option.
#include "cli/options.hpp"

#include "machine/memory.hpp"

#include <CLI/CLI.hpp>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>

namespace policybench {
std::optional<options> parse_options(std::span<const char* const> args, std::ostream& out,
                                     std::span<const std::string_view> formats,
                                     const std::function<void(CLI::App&)>& more) {
  CLI::App app{"policybench: the increment workload (a[i] += 1) run through every execution policy, timed "
               "cold and warm, validated, and compared with the memory-bandwidth ceiling.",
               args.empty() ? "policybench" : std::filesystem::path(args[0]).filename().string()};
  app.set_version_flag("--version", "policybench " POLICYBENCH_VERSION);
  options o;
  // The run's defaults have one home, run_config (measure/run_config.hpp); here they are only spelt as text.
  std::string size = std::to_string(o.run.size), warmup = std::to_string(o.run.warmup);
  std::string reps = std::to_string(default_reps), threads, type(to_string(o.run.type));
  const std::string format_names = fmt::format("{}", fmt::join(formats, ", "));
  std::string pages(to_string(o.run.pages)), first_touch(to_string(o.run.first_touch));
  stopping_texts stop;
  bool no_stream_hold = false, no_end_to_end = false;
  CLI::Option* const list =
      app.add_flag("--list-policies", o.list_policies,
                   "List every policy: device, backend, available or why not (a table; no run options)");
  // Each option below sets up a run; --list-policies runs nothing, so combining them is refused, not ignored.
  CLI::Option* const run_options[] = {
      app.add_option("--policies", o.policies,
                     "Comma-separated policy names (default: all; unavailable ones are listed with the reason)"),
      app.add_option("--size", size,
                     "Element count: digits, optional suffix k, M or G (10^3, 10^6, 10^9); default 10M; 0 is a valid "
                     "run that moves nothing"),
      app.add_option("--type", type, "Element type: float32, float64, int32, int64 (default float64)"),
      app.add_option("--warmup", warmup, "Untimed calls after the cold call (default 3)"),
      app.add_option("--reps", reps,
                     "Timed warm calls counted, at least 1 (default: until the median is within +-2%, within the "
                     "--budget; with --sweep, --min-time or --max-noise: the most calls, default 10000)"),
      app.add_option("--threads", threads,
                     "Thread limit for oneTBB and OpenMP, 1..the CPUs this process may use (default: all)"),
      app.add_option("--format", o.format, "Report format: " + format_names + " (default " + o.format + ")"),
      app.add_flag_callback(
             "--wide", [&o] { o.format = "wide"; }, "--format wide: the table with every column")
          ->excludes("--format"),
      app.add_option("--pages", pages, "Host arrays' pages: huge (MADV_HUGEPAGE, default) or small (4 KiB)"),
      app.add_option("--first-touch", first_touch,
                     "Who first writes the host arrays: parallel (the policy's own threads, default) or serial"),
      app.add_option("--sweep", stop.sweep,
                     "A series: size (element counts 10^3..10^9 in steps of sqrt(10)), threads (host policies at 1, 2, "
                     "4, ... the CPUs this process may use) or work (K = 1, 2, 4, ... 1024 increments per element)"),
      app.add_option("--work", stop.work,
                     "K: increments per element per call, from 2 a dependent chain of fused multiply-adds (2 FLOPs "
                     "each) (default 1: the plain a[i] += 1)"),
      app.add_option("--min-work", stop.min_work, "--sweep work: first K (default 1)"),
      app.add_option("--max-work", stop.max_work, "--sweep work: largest K (default 1024)"),
      app.add_option("--min-size", stop.min_size, "--sweep size: smallest element count (default 1000)"),
      app.add_option("--max-size", stop.max_size,
                     "--sweep size: largest element count, memory permitting (default 1G)"),
      app.add_option("--min-time", stop.min_time,
                     "--sweep or --max-noise: seconds of timed calls per row at least, in (0, 60] (sweep default 0.2); "
                     "--reps then caps the calls (default 10000)"),
      app.add_option("--max-noise", stop.max_noise,
                     "Timed calls until the median's 95% confidence interval is within +-PCT percent, in (0, 100] "
                     "(default 2 when no --reps or --min-time is given; --timeout then bounds it)"),
      app.add_option("--timeout", stop.timeout, "Seconds a row's calls may take at most, in (0, 3600]"),
      app.add_option("--budget", stop.budget,
                     "Seconds the whole run may take, in (0, 86400], shared fairly over rows and rounds (default 30; "
                     "a sweep: 120)"),
      app.add_flag("--keep-disturbed", o.run.keep_disturbed,
                   "Count timed calls disturbed by other work (threads waiting for a CPU) in the figures"),
      app.add_option("--order", stop.order,
                     "interleaved (the policies in rounds, order rotated each round: a run's default) or sequential "
                     "(each policy's calls in one go: a sweep's)"),
      app.add_flag("--no-stream-hold", no_stream_hold,
                   "Device kernel times per call of a batch between one event pair, the stream never held (for "
                   "compute-sanitizer and profilers, which would make a held stream spin to its timeout)"),
      app.add_flag("--no-end-to-end", no_end_to_end, "Device rows: no end-to-end views (host to device and back)"),
      app.add_option("--seed", stop.seed, "--order interleaved: seed of the first round's order (default 1)"),
      app.add_option("--repetitions", stop.repetitions, "Rounds, each on fresh arrays, 1..1000 (default 10)"),
      app.add_option("--compare-with", o.compare_with,
                     "JSON reports of other runs (scripts/seed_compare.py, another machine) to show beside this one; "
                     "repeatable or comma-separated")};
  app.add_option("--output", o.output, "Write the report here, atomically (a .json, .csv or .md name: that format)");
  app.add_flag("--quiet", o.quiet, "No progress on stderr");
  format_help(app);
  if (more) more(app);
  // One rule for every flag: it takes no value, whatever the value ("--quiet=true", "--list-policies=no",
  // "--wide="); CLI11 would read some as true or false and run.
  for (const std::string_view arg : args.subspan(std::min<std::size_t>(1, args.size()))) {
    if (arg == "--") break;
    const std::size_t equals = arg.find('=');
    const CLI::Option* option = arg.starts_with("--") && equals != arg.npos
                                    ? app.get_option_no_throw(std::string(arg.substr(0, equals)))
                                    : nullptr;
    if (option && option->get_expected_max() == 0)
      throw usage_error(option->get_name() + ": a flag; it takes no value");
  }
  try {
    app.parse(static_cast<int>(args.size()), args.data());
  } catch (const CLI::Success& e) {
    app.exit(e, out, out);
    return std::nullopt;
  } catch (const CLI::ParseError& e) {
    throw from_cli11(e, app);
  }
  // One rule for every option that takes a value: an empty one is a mistake (a variable that expanded to nothing),
  // never "not given" or a default. Below, an empty text means the option was left out.
  for (const CLI::Option* option : app.get_options())
    if (option->get_type_size_max() > 0)
      for (const std::string& value : option->results())
        if (value.empty()) throw usage_error(option->get_name() + ": the value is empty");
  // Checked here rather than with CLI11's excludes(), which would list every run option in --list-policies' help.
  if (list->count() > 0)
    for (const CLI::Option* run_option : run_options)
      if (run_option->count() > 0)
        throw usage_error("--list-policies: not with " + run_option->get_name() + " (it runs nothing)");
  o.run.size = parse_count("--size", size);
  o.run.warmup = parse_int("--warmup", warmup, 0, 1'000'000);
  o.run.reps = parse_int("--reps", reps, 1, 1'000'000);
  // More threads than the process may run at once only oversubscribes (oneTBB would not use them; OpenMP would,
  // slowly): the CPUs in its mask (taskset), lowered to its cgroup's CPU quota.
  if (!threads.empty()) {
    const auto cpus = usable_cpus();
    o.threads =
        parse_int("--threads", threads, 1, std::uint64_t(cpus.value), cpus.source + "; more would only oversubscribe");
  }
  // Split here, not by CLI11's delimiter, which drops empty items ("loop,,std::seq") without a word.
  o.policies = split_list("--policies", o.policies, "name", true);
  o.compare_with = split_list("--compare-with", o.compare_with, "file name", false);
  o.run.type = parse_choice("--type", element_type_names, type);
  stop.size_given = app.count("--size") > 0, stop.reps_given = app.count("--reps") > 0;
  parse_stopping(o, stop);
  // No --format: the one --output's name asks for (a report written to x.json is expected to be JSON, not a table).
  if (const auto ext = std::filesystem::path(o.output.value_or("")).extension();
      !app.count("--format") && !app.count("--wide"))
    o.format = ext == ".json" ? "json" : ext == ".csv" ? "csv" : ext == ".md" ? "markdown" : o.format;
  if (std::find(formats.begin(), formats.end(), o.format) == formats.end())
    throw usage_error("--format: '" + o.format + "' is not one of " + format_names);
  o.run.pages = parse_choice("--pages", page_size_names, pages);
  o.run.first_touch = parse_choice("--first-touch", first_touch_names, first_touch);
  o.run.hold_stream = !no_stream_hold, o.run.end_to_end = !no_end_to_end;
  // `--output --quiet` would write the report to a file named --quiet: a name like an option is taken as a missing
  // name (a file that really starts with '-' is reached as ./-name).
  if (o.output && o.output->starts_with('-'))
    throw usage_error("--output: '" + *o.output + "' is an option, not a file name (for such a file, write ./" +
                      *o.output + ")");
  return o;
}

} // namespace policybench
