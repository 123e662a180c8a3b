// The command line, parsed with CLI11: each value is checked and converted by the option's validators into its typed
// field, the options that depend on each other are checked together, and every refusal (CLI11's own too) is a
// one-line usage_error naming the option; --help names each value and fits 120 columns.
#include "cli/options.hpp"

#include "machine/host_info.hpp"
#include "measure/run_config.hpp"
#include "policies/registry.hpp"

#include <CLI/CLI.hpp>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <limits>
#include <memory>
#include <system_error>

namespace policybench {
namespace {
// A count (docs/robustness.md, "Counts": why not CLI::AsNumberWithUnit), rewritten as plain digits for CLI11 to
// convert. `example`: a good value, for the message; `units`: whether the suffixes are taken (a thread count has none).
CLI::Validator count(std::string example = "10M", bool units = true) {
  return {[example, units](std::string& text) -> std::string {
            const auto refuse = [&](std::string_view why) {
              return "'" + text + "' " + std::string(why) + "; accepted: decimal digits" +
                     (units ? " with an optional suffix k, M or G (10^3, 10^6, 10^9)" : "") + ", e.g. " + example;
            };
            const std::size_t power = text.empty() || !units ? 0 : std::string_view("kMG").find(text.back()) + 1;
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

// An array of no elements would time empty calls for the whole run: refused (on the digits count() wrote).
const CLI::Validator some_elements(
    [](const std::string& count) { return count == "0" ? "0 elements: nothing to time; at least 1" : ""; }, "");

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

// Each value's name in --help; --policies is one list, never repeated (CLI11 would write "TEXT ...").
constexpr std::string_view value_names[] = {
    "--policies LIST",  "--size COUNT",       "--type TYPE",         "--workload LIST",   "--warmup COUNT",
    "--reps COUNT",     "--threads COUNT",    "--format FORMAT",     "--pages PAGES",     "--first-touch WHO",
    "--sweep KIND",     "--work K",           "--min-work K",        "--max-work K",      "--min-size COUNT",
    "--max-size COUNT", "--min-time SECONDS", "--max-noise PCT",     "--timeout SECONDS", "--budget SECONDS",
    "--order ORDER",    "--seed N",           "--repetitions COUNT", "--output FILE"};

// `text` with a space turned into a line break wherever a line would pass `width` columns.
std::string wrap(std::string text, std::size_t width) {
  for (std::size_t line = 0; text.size() - line > width;) {
    if (const std::size_t end = text.find('\n', line); end <= line + width) {
      line = end + 1;
      continue;
    }
    const std::size_t space = text.rfind(' ', line + width);
    if (space == std::string::npos || space <= line) break; // a word longer than the line stays whole
    text[space] = '\n';
    line = space + 1;
  }
  return text;
}

// Why a user's op takes none of --work, --min-work, --max-work and --sweep work.
constexpr std::string_view no_work_for_op = "a user's op has no work parameter K: it runs once per element";

// CLI11 2.1 writes each description on one line, however long (200 columns and more): here wrapped at a word.
class wrapping_formatter : public CLI::Formatter {
public:
  wrapping_formatter() { column_width(36); }
  std::string make_option_desc(const CLI::Option* option) const override {
    return wrap(option->get_description(), 120 - get_column_width());
  }
  std::string make_description(const CLI::App* app) const override {
    return wrap(CLI::Formatter::make_description(app), 120);
  }
  std::string make_footer(const CLI::App* app) const override { return wrap(CLI::Formatter::make_footer(app), 120); }
};

// CLI11's own error `error` (its wording: "The following argument was not expected: x", "--format excludes --wide")
// as the usage_error "<option>: <what>" every other check throws; a misspelt option with the name in `app` it most
// likely meant ("--sizes": "did you mean --size?"), a missing value with what the option takes.
usage_error from_cli11(const CLI::ParseError& error, const CLI::App& app) {
  const std::string what = error.what();
  if (dynamic_cast<const CLI::ExtrasError*>(&error)) {
    const std::vector<std::string> extras = app.remaining();
    const auto first = std::find_if(extras.begin(), extras.end(), [](const auto& e) { return e.starts_with('-'); });
    if (first == extras.end()) // a value without its option ("policybench 10M")
      return usage_error("'" + extras.front() + "': not expected; every value follows its option (--size 10M)");
    const std::string name = first->substr(0, first->find('='));
    std::vector<std::string> bare; // compared without the dashes, which every name shares: "--bogus" is no "--pages"
    for (const CLI::Option* option : app.get_options())
      if (!option->get_group().empty()) bare.push_back(option->get_name().substr(2)); // not one hidden from --help
    const auto near = name.starts_with("--") ? nearest_name(name.substr(2), bare) : std::nullopt;
    return usage_error(name + ": no such option" + (near ? "; did you mean --" + *near + "?" : ""));
  }
  // CLI11's other lines start with the option ("--size: 1 required COUNT missing", "--format excludes --wide"); a
  // validator's (cli/options.cpp) is already "<option>: <what>".
  const CLI::Option* option = app.get_option_no_throw(what.substr(0, what.find_first_of(": ")));
  if (!option) return usage_error(what);
  const std::string& help = option->get_description();
  if (what.ends_with(" missing")) { // "1 required TEXT missing": say what the option takes, its help's first clause
    std::string takes = help.substr(0, std::min(help.find(" (default"), help.find("; ")));
    if (takes.size() > 1 && std::islower(static_cast<unsigned char>(takes[1])))
      takes[0] = char(std::tolower(static_cast<unsigned char>(takes[0])));
    return usage_error(option->get_name() + ": the value is missing; expected: " + takes);
  }
  if (const auto at = what.find(" received "); at != std::string::npos)
    return usage_error(option->get_name() + ": given " + what.substr(at + 10) + " times; give it once");
  if (const auto at = what.find(" excludes "); at != std::string::npos)
    return usage_error(option->get_name() + ": not with " + what.substr(at + 10));
  return usage_error(what);
}

// The comma-separated names of the one value given to `option`, in order, trimmed of spaces ("loop, std::seq"). An
// empty name ("", "a,,b", "a,"), a repeated one or a second value is a usage_error naming `option`.
std::vector<std::string> split_list(std::string_view option, const std::vector<std::string>& values) {
  // Two --policies would be merged into one list, which is no way to ask for anything else: refused, not guessed at.
  if (values.size() > 1)
    throw usage_error(std::string(option) + ": given " + std::to_string(values.size()) +
                      " times; give one comma-separated list");
  std::vector<std::string> out;
  if (values.empty()) return out;
  for (std::string_view rest = values.front();;) {
    const std::size_t comma = rest.find(',');
    std::string_view one = rest.substr(0, comma);
    one.remove_prefix(std::min(one.find_first_not_of(' '), one.size()));
    one.remove_suffix(one.size() - std::min(one.find_last_not_of(' ') + 1, one.size()));
    if (one.empty()) throw usage_error(std::string(option) + ": an empty name in the list");
    if (std::find(out.begin(), out.end(), one) != out.end()) // a row measured twice, never meant
      throw usage_error(std::string(option) + ": '" + std::string(one) + "' is listed twice");
    out.emplace_back(one);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return out;
}

// A sweep's axis varies the option of its name (--size, --threads, --work), between the bounds --min-<name> and
// --max-<name> where it has them; neither is given beside another axis' sweep or none.
void check_sweep(const options& o, const CLI::App& app) {
  for (const sweep_axis& axis : sweep_axes()) {
    const std::string varied = "--" + std::string(axis.name), min = "--min-" + std::string(axis.name),
                      max = "--max-" + std::string(axis.name);
    const bool bounded = app.get_option_no_throw(min) != nullptr, chosen = o.sweep && o.sweep->kind == axis.kind;
    if (bounded && !chosen && app.count(min) + app.count(max) > 0)
      throw usage_error(min + "/" + max + ": only with --sweep " + std::string(axis.name));
    if (chosen && app.count(varied) > 0)
      throw usage_error(varied + ": not with --sweep " + std::string(axis.name) + ", which varies it" +
                        (bounded ? "; bound the series with " + min + " and " + max : ""));
  }
  const auto ordered = [](const char* min, std::uint64_t low, const char* max, std::uint64_t high) {
    if (low > high)
      throw usage_error(std::string(min) + ": " + std::to_string(low) + " is larger than " + max + " " +
                        std::to_string(high));
  };
  if (!o.sweep) return;
  ordered("--min-size", o.sweep->min_size, "--max-size", o.sweep->max_size);
  ordered("--min-work", std::uint64_t(o.sweep->min_work), "--max-work", std::uint64_t(o.sweep->max_work));
}

// The options that decide which points a run measures, how many timed calls each row gets and in what order, checked
// together (each one's meaning depends on the others; `budget_s`: --budget's). Sets o.order (its budget too),
// o.default_stopping and o.run's stopping rule; call with o.run.type set (K must keep the type exact).
void parse_stopping(options& o, const CLI::App& app, double budget_s) {
  const auto given = [&](const char* name) { return app.count(name) > 0; };
  check_sweep(o, app);
  const bool sweep = o.sweep.has_value();
  if (sweep && !given("--min-time")) o.run.stop.min_time_s = sweep_min_time_s;
  o.run.stop.max_noise /= 100; // a percentage on the command line, a fraction in the run
  if (given("--min-time") && !sweep && !given("--max-noise"))
    throw usage_error("--min-time: only with --sweep or --max-noise (give --max-noise PCT with it: time alone is no "
                      "target for a run)");
  // A run told neither a count nor a criterion runs until its medians are known to +-2%: a fixed count would be
  // too few calls on a noisy machine and needlessly many on a quiet one. --timeout is a bound, not a criterion:
  // alone it bounds that default (not a fixed count of calls that --reps was never given).
  o.default_stopping = !sweep && !given("--reps") && !given("--max-noise") && !given("--min-time");
  if (o.default_stopping) o.run.stop.max_noise = default_max_noise;
  // A whole run ends on time, quiet machine or busy, and so does a sweep (--budget gives a long series room).
  o.order.budget = time_budget::from_now(given("--budget") ? budget_s
                                         : sweep           ? default_sweep_budget_s
                                                           : default_budget_s);
  if ((sweep || o.run.stop.max_noise > 0) && !given("--reps")) o.run.stop.reps = sweep_max_reps;
  if (sweep && !given("--order")) o.order.order = policy_order::sequential;
  if (sweep && o.order.order == policy_order::interleaved)
    throw usage_error("--order interleaved: not with --sweep, which measures each point's policies one after "
                      "another so that small arrays stay cache-hot");
  if (given("--seed") && o.order.order != policy_order::interleaved)
    throw usage_error("--seed: only with --order interleaved");
  // Google Benchmark's and pyperf's --repetitions: more rounds, each with fresh arrays (hence fresh pages), widen
  // the median's interval to what a rerun sees; every round makes at least one counted call of each row.
  if (given("--repetitions")) {
    if (o.order.order != policy_order::interleaved)
      throw usage_error("--repetitions: only for a comparison run, whose policies are interleaved (not with --sweep "
                        "or --order sequential)");
    if (given("--reps") && o.run.stop.reps < o.order.rounds)
      throw usage_error("--repetitions: " + std::to_string(o.order.rounds) +
                        " rounds need at least as many --reps, not " + std::to_string(o.run.stop.reps));
  }
  // K must keep the type exact (measure/run_config.hpp) with the calls now decided, at the largest K a point runs:
  // the sweep's bound where its axis varies K (apply sets it), --work elsewhere.
  point_config last{.run = o.run, .threads = std::nullopt};
  if (sweep) axis_of(o.sweep->kind).apply(last, std::uint64_t(o.sweep->max_work));
  if (sweep && o.workloads.size() > 1)
    throw usage_error("--workload: one workload with --sweep, not " + std::to_string(o.workloads.size()));
  for (const workload_id w : o.workloads) {
    if (w != workload_id::increment && last.run.work > 1)
      throw usage_error(std::string(last.run.work == o.run.work ? "--work" : "--sweep work") +
                        ": only with --workload increment (the other workloads run at K = 1 so far: the roofline "
                        "counts the increment's FLOPs)");
    if (!supports(w, o.run.type))
      throw usage_error("--workload " + std::string(to_string(w)) + ": float32 or float64 only, not " +
                        std::string(to_string(o.run.type)));
  }
  if (const auto why = outside_exact_range(o.run, std::uint64_t(last.run.work),
                                           last.run.work == o.run.work ? "--work" : "--max-work"))
    throw usage_error(*why);
}

// --workload's list (split_list's names) as workloads, in order: each a declaration's own name
// (policybench/workloads.hpp), or "all" alone, every one of them. Throws usage_error naming the first unknown name.
std::vector<workload_id> workloads_named(const std::vector<std::string>& names) {
  std::vector<workload_id> out;
  const bool all = names == std::vector<std::string>{"all"};
  for (std::size_t w = 0; all && w < std::size(workload_names); ++w)
    out.push_back(workload_id(w));
  for (const std::string& name : all ? std::vector<std::string>{} : names) {
    const auto at = std::find(std::begin(workload_names), std::end(workload_names), name);
    if (name == "all") throw usage_error("--workload: all is every workload; not in a list");
    if (at == std::end(workload_names)) // CLI11's IsMember wording, as every other choice's refusal
      throw usage_error("--workload: " + name + " not in {" + fmt::format("{}", fmt::join(workload_names, ",")) +
                        ",all}");
    out.push_back(workload_id(at - std::begin(workload_names)));
  }
  return out;
}

// A user's op has its own element type and no K: the options that would change them are refused (`named`:
// --workload's names) before any check of how options combine, so that each says the op's reason, as its K options,
// refused before parsing, do.
void fit_to(const options& o, const user_op& op, const std::vector<std::string>& named) {
  for (const std::string& name : named)
    if (name != op.name) throw usage_error("--workload: this executable runs " + op.name + " alone, not " + name);
  if (o.sweep && o.sweep->kind == sweep_kind::work) throw usage_error("--sweep work: " + std::string(no_work_for_op));
  if (o.run.type != op.type) throw usage_error("--type: " + op.name + " takes " + std::string(to_string(op.type)));
}

} // namespace

std::string one_line(std::string_view text) {
  std::string out;
  constexpr std::string_view named = "\n\t\r", letters = "ntr";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (const auto at = named.find(c); at != std::string_view::npos)
      out += {'\\', letters[at]};
    else if (byte < 0x20 || byte == 0x7f)
      out += {'\\', 'x', "0123456789abcdef"[byte >> 4], "0123456789abcdef"[byte & 15]};
    else
      out += c;
  }
  return out;
}

std::string program_name(std::span<const char* const> args) {
  const std::string name = args.empty() || !args[0] ? "" : std::filesystem::path(args[0]).filename().string();
  return name.empty() ? "policybench" : name;
}

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
                                     const std::function<void(CLI::App&)>& more, const std::optional<user_op>& op) {
  const std::string program = program_name(args);
  CLI::App app{op ? program + ": the op " + op->name + " run through every host execution policy, timed cold and " +
                        "warm, each row checked against the plain loop's result, and set against this machine's " +
                        "fastest stream of the same bytes."
                  : "policybench: an element-wise workload (the increment a[i] += 1 by default; triad, uneven, poly: "
                    "--workload) run through every execution policy, timed cold and warm, validated, and set "
                    "against this machine's ceiling of the same shape (its fastest stream of those bytes, memory "
                    "bandwidth only for arrays well past the caches; poly's: its compute rate).",
               program};
  app.set_version_flag("--version", "policybench " POLICYBENCH_VERSION);
  options o;
  o.run.stop.reps = default_reps; // without --reps: policybench-mpi's count (a run's is decided in parse_stopping)
  const std::vector<std::string> format_names(formats.begin(), formats.end());
  double budget_s = 0;
  std::vector<std::string> workload_list; // --workload's names, split as --policies' are
  bool no_stream_hold = false, no_end_to_end = false;
  sweep_plan plan; // --sweep's axis and bounds: o.sweep when --sweep is given
  std::vector<std::pair<std::string, int>> axes;
  // The names listed apart, not through std::views::keys: clang 14 (the fuzz preset) rejects it on libstdc++ 12.
  std::vector<std::string_view> axis_names;
  for (const sweep_axis& axis : sweep_axes()) {
    axes.emplace_back(axis.name, static_cast<int>(axis.kind));
    if (!op || axis.kind != sweep_kind::work) axis_names.push_back(axis.name);
  }
  CLI::Option* const list =
      app.add_flag("--list-policies", o.list_policies,
                   "List every policy: device, backend, available or why not (a table; markdown or JSON with --format "
                   "or an --output of that name; no run options)");
  CLI::Option* const list_workloads =
      app.add_flag("--list-workloads", o.list_workloads,
                   "List every workload: inputs, in place or not, bytes and FLOPs per element (a table; markdown or "
                   "JSON with --format or an --output of that name; no run options)")
          ->excludes(list);
  app.add_option("--format", o.format,
                 "Report format: " + fmt::format("{}", fmt::join(formats, ", ")) + " (default " + o.format + ")")
      ->transform(CLI::IsMember(format_names).description(""));
  // Each option below sets up a run; --list-policies runs nothing, so combining them is refused, not ignored.
  CLI::Option* const run_options[] = {
      app.add_option("--policies", o.policies,
                     "Comma-separated policy names (default: all; unavailable ones are listed with the reason)"),
      app.add_option("--size", o.run.size,
                     "Element count: digits, optional suffix k, M or G (10^3, 10^6, 10^9); default 10M")
          ->check(some_elements)
          ->transform(count()),
      add_choice(app, "--type", o.run.type, element_type_names,
                 op ? "Element type: " + std::string(to_string(op->type)) + ", the one " + op->name + " takes"
                    : "Element type: float32, float64, int32, int64 (default float64)"),
      app.add_option("--workload", workload_list,
                     op ? "What each call computes: " + op->name +
                              ", this executable's op (the built-in workloads "
                              "are policybench's)"
                        : "What each call computes, comma-separated, each measured in turn (one report, "
                          "the budget shared): increment (default: a[i] += 1, in place), triad (a = b + 3 c), uneven "
                          "(element i costs 1 + i x 8K / n steps, in place), poly (a degree-64 polynomial of b), or "
                          "all; README \"Workloads\""),
      bounded(app.add_option("--warmup", o.run.warmup, "Untimed calls after the cold call (default 3)"), 0, 1'000'000),
      bounded(app.add_option("--reps", o.run.stop.reps,
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
          ->transform(count("4", false)),
      app.add_flag_callback(
             "--wide", [&o] { o.format = "wide"; }, "--format wide: the table with every column")
          ->excludes("--format"),
      add_choice(app, "--pages", o.run.pages, page_size_names,
                 "Host arrays' pages: huge (MADV_HUGEPAGE, default) or small (4 KiB)"),
      add_choice(app, "--first-touch", o.run.first_touch, first_touch_names,
                 "Who first writes the host arrays: parallel (the policy's own threads, default) or serial"),
      add_choice(
          app, "--sweep", axes, [&plan](int kind) { plan.kind = static_cast<sweep_kind>(kind); },
          fmt::format("A series along one axis ({}): the option of that name varies over the points, within "
                      "--min-<axis> and --max-<axis> where they exist (threads: 1, 2, 4, ... the CPUs this process "
                      "may use)",
                      fmt::join(axis_names, ", "))),
      bounded(app.add_option("--work", o.run.work,
                             "K: increments per element per call, from 2 a dependent chain of fused multiply-adds (2 "
                             "FLOPs each) (default 1: the plain a[i] += 1)"),
              1, std::numeric_limits<int>::max()), // the chain's step counter is an int
      bounded(app.add_option("--min-work", plan.min_work, "--sweep work: first K (default 1)"), 1,
              std::numeric_limits<int>::max()),
      bounded(app.add_option("--max-work", plan.max_work, "--sweep work: largest K (default 1024)"), 1,
              std::numeric_limits<int>::max()),
      app.add_option("--min-size", plan.min_size, "--sweep size: smallest element count (default 1000)")
          ->check(some_elements)
          ->transform(count()),
      app.add_option("--max-size", plan.max_size, "--sweep size: largest element count, memory permitting (default 1G)")
          ->transform(count()),
      app.add_option("--min-time", o.run.stop.min_time_s,
                     "--sweep or --max-noise: seconds of timed calls per row at least, in (0, 60] (sweep default 0.2); "
                     "--reps then caps the calls (default 10000)")
          ->check(positive_at_most(60, "a number of seconds in (0, 60]")),
      app.add_option("--max-noise", o.run.stop.max_noise,
                     "Timed calls until the median's 95% confidence interval is within +-PCT percent, in (0, 100] "
                     "(default 2 when no --reps or --min-time is given; --timeout then bounds it)")
          ->check(positive_at_most(100, "a percentage in (0, 100]")),
      app.add_option("--timeout", o.run.stop.limit_s, "Seconds a row's calls may take at most, in (0, 3600]")
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
  // --help's look: a name for each value ("--size COUNT", not CLI11's "TEXT"), every line within 120 columns.
  for (const std::string_view named : value_names)
    app.get_option(std::string(named.substr(0, named.find(' '))))
        ->type_name(std::string(named.substr(named.find(' ') + 1)));
  for (const char* list : {"--policies", "--workload"})
    app.get_option(list)->option_text("LIST");
  app.formatter(std::make_shared<wrapping_formatter>());
  if (op) { // it runs once per element: no K to give, refused (below, whatever the value) rather than offered
    o.run.type = op->type;
    for (const char* work : {"--work", "--min-work", "--max-work"})
      app.get_option(work)->group("");
  }
  if (more) more(app);
  // One rule for every option that takes a value, checked before its own: an empty one is a mistake (a variable that
  // expanded to nothing), never "not given" or a default.
  for (CLI::Option* option : app.get_options())
    if (option->get_type_size_max() > 0)
      option->transform(
          CLI::Validator([](const std::string& value) { return value.empty() ? "the value is empty" : ""; }, ""));
  // One rule for every flag: it takes no value, whatever the value ("--quiet=true", "--list-policies=no",
  // "--wide="); CLI11 would read some as true or false and run. And "--size=" is an empty value, which CLI11 2.1
  // would fill with the next argument ("--size= --reps 3" reads "--reps", "--workload= --size 1k" two values).
  // An option hidden from --help (a user's op's K) is refused here, whatever its value: CLI11 gives a hidden option no
  // name in its errors (": 1 required K missing").
  for (const std::string_view arg : args.subspan(std::min<std::size_t>(1, args.size()))) {
    if (arg == "--") break;
    const std::size_t equals = arg.find('=');
    const std::string name(arg.substr(0, equals));
    const CLI::Option* option = arg.starts_with("--") ? app.get_option_no_throw(name) : nullptr;
    if (option && option->get_group().empty()) throw usage_error(name + ": " + std::string(no_work_for_op));
    if (option && equals != arg.npos && option->get_expected_max() == 0)
      throw usage_error(name + ": a flag; it takes no value");
    if (option && equals + 1 == arg.size()) throw usage_error(name + ": the value is empty");
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
  for (const CLI::Option* listing : {list, list_workloads})
    for (const CLI::Option* run_option : run_options)
      if (listing->count() > 0 && run_option->count() > 0)
        throw usage_error(listing->get_name() + ": not with " + run_option->get_name() + " (it runs nothing)");
  // Split here, not by CLI11's delimiter, which drops empty items ("loop,,std::seq") without a word.
  o.policies = split_list("--policies", o.policies);
  const std::vector<std::string> named = split_list("--workload", workload_list);
  if (!named.empty() && !op) o.workloads = workloads_named(named);
  o.run.workload = o.workloads.front();
  if (app.count("--sweep") > 0) o.sweep = plan;
  if (op) fit_to(o, *op, named);
  parse_stopping(o, app, budget_s);
  // Measured as the workload of its shape (one_input_op for one input, the triad for two: README "A user's own op"),
  // whose ceiling rows it gets; set after parse_stopping, which checks the built-ins' element types.
  if (op) o.workloads = {o.run.workload = op->shape};
  // No --format: the one --output's name asks for (a report written to x.json is expected to be JSON, not a table).
  if (const auto ext = std::filesystem::path(o.output.value_or("")).extension();
      !app.count("--format") && !app.count("--wide"))
    o.format = ext == ".json" ? "json" : ext == ".csv" ? "csv" : ext == ".md" ? "markdown" : o.format;
  // A list is one table, which its writer writes plain or in markdown, or JSON: no other format has a list's shape.
  if ((o.list_policies || o.list_workloads) && o.format != "table" && o.format != "markdown" && o.format != "json")
    throw usage_error(std::string(o.list_policies ? "--list-policies" : "--list-workloads") +
                      ": a table, markdown or json, not " + o.format +
                      (app.count("--format") ? "" : " (what --output's name asks for; give --format with it)"));
  o.run.hold_stream = !no_stream_hold, o.run.end_to_end = !no_end_to_end;
  return o;
}

} // namespace policybench
