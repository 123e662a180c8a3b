// The command line, parsed with CLI11: each value is checked and converted by the option's validators into its typed
// field, and every refusal is a one-line usage_error naming the option.
#include "cli/options.hpp"

#include "machine/host_info.hpp"

#include <CLI/CLI.hpp>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <limits>
#include <system_error>

namespace policybench {
namespace {

// A count: decimal digits with an optional decimal SI suffix, rewritten as plain digits for CLI11 to convert. Not
// CLI::AsNumberWithUnit: CLI11 2.1 converts with strtoull(text, 0), which reads "010" as octal 8, "0x10" as 16,
// wraps "-5" to 2^64 - 5 and saturates past 2^64 - 1; and it takes " 7", "M" alone and "10 M". Anything else is
// refused, never guessed at: "1e7" would be a float, "10Mi" binary. `example`: a good value, for the message.
CLI::Validator count(std::string example = "10M") {
  return {[example](std::string& text) -> std::string {
            const auto refuse = [&](std::string_view why) {
              return "'" + text + "' " + std::string(why) +
                     "; accepted: decimal digits with an optional suffix k, M or G (10^3, 10^6, 10^9), e.g. " + example;
            };
            const std::size_t power = text.empty() ? 0 : std::string_view("kMG").find(text.back()) + 1; // npos + 1: 0
            const std::string_view digits = std::string_view(text).substr(0, text.size() - (power > 0 ? 1 : 0));
            std::uint64_t value = 0, multiplier = 1;
            for (std::size_t i = 0; i < power; ++i)
              multiplier *= 1000;
            const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
            if (ec == std::errc::result_out_of_range) return refuse("does not fit in 64 bits");
            if (ec != std::errc() || end != digits.data() + digits.size()) return refuse("is not a count");
            if (value > std::numeric_limits<std::uint64_t>::max() / multiplier)
              return refuse("does not fit in 64 bits");
            text = std::to_string(value * multiplier);
            return {};
          },
          ""};
}

// `option`'s value a count in [min, max]: CLI::Range on the digits count() wrote.
CLI::Option* bounded(CLI::Option* option, int min, int max) {
  return option->check(CLI::Range(min, max).description(""))->transform(count());
}

// A decimal number in (0, max]: from_chars, so "1e-3" is accepted and "nan", "inf", " 1", "0x1p3" are not (CLI11's
// Range takes NaN, and its conversion, strtold, skips leading spaces and reads hexadecimal).
CLI::Validator positive_at_most(double max, std::string what) {
  return {[max, what](const std::string& text) -> std::string {
            double value = 0;
            const char* const last = text.data() + text.size();
            const auto [end, ec] = std::from_chars(text.data(), last, value);
            if (ec != std::errc() || end != last || !(value > 0 && value <= max))
              return "'" + text + "' is not " + what;
            return {};
          },
          ""};
}

} // namespace

CLI::Option* add_choice(CLI::App& app, std::string name, std::vector<std::pair<std::string, int>> names,
                        std::function<void(int)> set, std::string description) {
  std::vector<std::string> words;
  for (const auto& [word, value] : names)
    words.push_back(word);
  // Not CLI::CheckedTransformer, which also takes the enum's number ("--type 0") and says "Check x value in
  // {float32->0,...} OR {0,...} FAILED".
  return app.add_option_function<int>(std::move(name), std::move(set), std::move(description))
      ->transform((CLI::IsMember(std::move(words)) & CLI::Transformer(std::move(names))).description(""));
}

std::optional<options> parse_options(std::span<const char* const> args, std::ostream& out,
                                     std::span<const std::string_view> formats,
                                     const std::function<void(CLI::App&)>& more) {
  CLI::App app{
      "policybench: the increment workload (a[i] += 1) run through every execution policy, timed "
      "cold and warm, validated, and set against this machine's fastest in-place stream (memory bandwidth only "
      "for an array well past the caches).",
      args.empty() ? "policybench" : std::filesystem::path(args[0]).filename().string()};
  app.set_version_flag("--version", "policybench " POLICYBENCH_VERSION);
  options o;
  o.run.reps = default_reps; // without --reps: policybench-mpi's count (a run's is decided in parse_stopping)
  const std::vector<std::string> format_names(formats.begin(), formats.end());
  double budget_s = 0;
  bool no_stream_hold = false, no_end_to_end = false;
  CLI::Option* const list =
      app.add_flag("--list-policies", o.list_policies,
                   "List every policy: device, backend, available or why not (a table, or JSON with --format json; no "
                   "run options)");
  app.add_option("--format", o.format,
                 "Report format: " + fmt::format("{}", fmt::join(formats, ", ")) + " (default " + o.format + ")")
      ->transform(CLI::IsMember(format_names).description(""));
  // Each option below sets up a run; --list-policies runs nothing, so combining them is refused, not ignored.
  CLI::Option* const run_options[] = {
      app.add_option("--policies", o.policies,
                     "Comma-separated policy names (default: all; unavailable ones are listed with the reason)"),
      app.add_option("--size", o.run.size,
                     "Element count: digits, optional suffix k, M or G (10^3, 10^6, 10^9); default 10M; 0 is a valid "
                     "run that moves nothing")
          ->transform(count()),
      add_choice(app, "--type", o.run.type, element_type_names,
                 "Element type: float32, float64, int32, int64 (default float64)"),
      bounded(app.add_option("--warmup", o.run.warmup, "Untimed calls after the cold call (default 3)"), 0, 1'000'000),
      bounded(app.add_option("--reps", o.run.reps,
                             "Timed warm calls counted, at least 1 (default: until the median is within +-2%, within "
                             "the --budget; with --sweep, --min-time or --max-noise: the most calls, default 10000)"),
              1, 1'000'000),
      // More threads than the process may run at once only oversubscribe (oneTBB would not use them; OpenMP would,
      // slowly): the CPUs in its mask (taskset), lowered to its cgroup's CPU quota; read only when given.
      app.add_option("--threads", o.threads,
                     "Thread limit for oneTBB and OpenMP, 1..the CPUs this process may use (default: all)")
          ->check(CLI::Validator(
              [](std::string& text) {
                const auto cpus = usable_cpus();
                const std::string outside = CLI::Range(1, cpus.value)(text);
                return outside.empty() ? outside : outside + " (" + cpus.source + "; more would only oversubscribe)";
              },
              ""))
          ->transform(count()),
      app.add_flag_callback(
             "--wide", [&o] { o.format = "wide"; }, "--format wide: the table with every column")
          ->excludes("--format"),
      add_choice(app, "--pages", o.run.pages, page_size_names,
                 "Host arrays' pages: huge (MADV_HUGEPAGE, default) or small (4 KiB)"),
      add_choice(app, "--first-touch", o.run.first_touch, first_touch_names,
                 "Who first writes the host arrays: parallel (the policy's own threads, default) or serial"),
      add_choice(app, "--sweep", o.sweep.kind, sweep_kind_names,
                 "A series: size (element counts 10^3..10^9 in steps of sqrt(10)), threads (host policies "
                 "at 1, 2, 4, ... the CPUs this process may use) or work (K = 1, 2, 4, ... 1024 increments "
                 "per element)"),
      bounded(app.add_option("--work", o.run.work,
                             "K: increments per element per call, from 2 a dependent chain of fused multiply-adds (2 "
                             "FLOPs each) (default 1: the plain a[i] += 1)"),
              1, std::numeric_limits<int>::max()), // the chain's step counter is an int
      bounded(app.add_option("--min-work", o.sweep.min_work, "--sweep work: first K (default 1)"), 1,
              std::numeric_limits<int>::max()),
      bounded(app.add_option("--max-work", o.sweep.max_work, "--sweep work: largest K (default 1024)"), 1,
              std::numeric_limits<int>::max()),
      app.add_option("--min-size", o.sweep.min_size, "--sweep size: smallest element count (default 1000)")
          ->transform(count()),
      app.add_option("--max-size", o.sweep.max_size,
                     "--sweep size: largest element count, memory permitting (default 1G)")
          ->transform(count()),
      app.add_option("--min-time", o.run.min_time_s,
                     "--sweep or --max-noise: seconds of timed calls per row at least, in (0, 60] (sweep default 0.2); "
                     "--reps then caps the calls (default 10000)")
          ->check(positive_at_most(60, "a number of seconds in (0, 60]")),
      app.add_option("--max-noise", o.run.max_noise,
                     "Timed calls until the median's 95% confidence interval is within +-PCT percent, in (0, 100] "
                     "(default 2 when no --reps or --min-time is given; --timeout then bounds it)")
          ->check(positive_at_most(100, "a percentage in (0, 100]")),
      app.add_option("--timeout", o.run.timeout_s, "Seconds a row's calls may take at most, in (0, 3600]")
          ->check(positive_at_most(3600, "a number of seconds in (0, 3600]")),
      app.add_option("--budget", budget_s,
                     "Seconds the whole run may take, in (0, 86400], shared fairly over rows and rounds (default 30; "
                     "a sweep: 120)")
          ->check(positive_at_most(86400, "a number of seconds in (0, 86400]")),
      app.add_flag("--keep-disturbed", o.run.keep_disturbed,
                   "Count timed calls disturbed by other work (threads waiting for a CPU) in the figures"),
      add_choice(app, "--order", o.order.order, policy_order_names,
                 "interleaved (the policies in rounds, order rotated each round: a run's default) or "
                 "sequential (each policy's calls in one go: a sweep's)"),
      app.add_flag("--no-stream-hold", no_stream_hold,
                   "Device kernel times per call of a batch between one event pair, the stream never held (for "
                   "compute-sanitizer and profilers, which would make a held stream spin to its timeout)"),
      app.add_flag("--no-end-to-end", no_end_to_end, "Device rows: no end-to-end views (host to device and back)"),
      app.add_option("--seed", o.order.seed, "--order interleaved: seed of the first round's order (default 1)")
          ->transform(count("42")),
      bounded(app.add_option("--repetitions", o.order.rounds, "Rounds, each on fresh arrays, 1..1000 (default 10)"), 1,
              1000)};
  // `--output --quiet` would write the report to a file named --quiet: a name like an option is taken as a missing
  // name (a file that really starts with '-' is reached as ./-name).
  app.add_option("--output", o.output, "Write the report here, atomically (a .json, .csv or .md name: that format)")
      ->check(CLI::Validator(
          [](const std::string& name) {
            return name.starts_with('-')
                       ? "'" + name + "' is an option, not a file name (for such a file, write ./" + name + ")"
                       : std::string();
          },
          ""));
  app.add_flag("--quiet", o.quiet, "No progress on stderr");
  format_help(app);
  if (more) more(app);
  // One rule for every option that takes a value, checked before its own: an empty one is a mistake (a variable that
  // expanded to nothing), never "not given" or a default.
  for (CLI::Option* option : app.get_options())
    if (option->get_type_size_max() > 0)
      option->transform(
          CLI::Validator([](const std::string& value) { return value.empty() ? "the value is empty" : ""; }, ""));
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
  // Checked here rather than with CLI11's excludes(), which would list every run option in --list-policies' help.
  if (list->count() > 0)
    for (const CLI::Option* run_option : run_options)
      if (run_option->count() > 0)
        throw usage_error("--list-policies: not with " + run_option->get_name() + " (it runs nothing)");
  // Split here, not by CLI11's delimiter, which drops empty items ("loop,,std::seq") without a word.
  o.policies = split_list("--policies", o.policies);
  parse_stopping(o, app, budget_s);
  // No --format: the one --output's name asks for (a report written to x.json is expected to be JSON, not a table).
  if (const auto ext = std::filesystem::path(o.output.value_or("")).extension();
      !app.count("--format") && !app.count("--wide"))
    o.format = ext == ".json" ? "json" : ext == ".csv" ? "csv" : ext == ".md" ? "markdown" : o.format;
  if (o.list_policies && o.format != "table" && o.format != "json")
    throw usage_error("--list-policies: a table or json, not " + o.format);
  o.run.hold_stream = !no_stream_hold, o.run.end_to_end = !no_end_to_end;
  return o;
}

} // namespace policybench
