// The command line, parsed with CLI11: every check here yields a one-line usage_error naming the option.
#include "policybench/options.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <map>
#include <string_view>
#include <thread>

namespace policybench {
namespace {

// `max_is` says where the upper bound comes from when it is not a constant.
int parse_int(std::string_view option, const std::string& text, std::uint64_t min, std::uint64_t max,
              std::string_view max_is = {}) {
  const std::uint64_t value = parse_count(option, text);
  if (value < min || value > max)
    throw usage_error(std::string(option) + ": " + text + " is outside " + std::to_string(min) + ".." +
                      std::to_string(max) + (max_is.empty() ? "" : " (" + std::string(max_is) + ")"));
  return static_cast<int>(value);
}

} // namespace

std::optional<options> parse_options(std::span<const char* const> args, std::ostream& out) {
  CLI::App app{"policybench: the increment workload (a[i] += 1) run through every execution policy, timed "
               "cold and warm, validated, and compared with the memory-bandwidth ceiling.",
               "policybench"};
  app.set_version_flag("--version", "policybench " POLICYBENCH_VERSION);
  options o;
  std::string size = "10000000", warmup = "3", reps = "10", threads, type = "float64", format = "table";
  CLI::Option* const list =
      app.add_flag("--list-policies", o.list_policies,
                   "List every policy: device, backend, available or why not (a table; no run options)");
  // Each option below sets up a run; --list-policies runs nothing, so combining them is refused, not ignored.
  CLI::Option* const run_options[] = {
      app.add_option("--policies", o.policies,
                     "Comma-separated policy names (default: all; unavailable ones are listed with the reason)")
          ->delimiter(','),
      app.add_option("--size", size,
                     "Element count: digits, optional suffix k, M or G (10^3, 10^6, 10^9); default 10M; 0 is a valid "
                     "run that moves nothing"),
      app.add_option("--type", type, "Element type: float32, float64, int32, int64 (default float64)"),
      app.add_option("--warmup", warmup, "Untimed calls after the cold call (default 3)"),
      app.add_option("--reps", reps, "Timed warm calls, at least 1 (default 10)"),
      app.add_option("--threads", threads, "Thread limit for oneTBB and OpenMP, 1..logical cores (default: all)"),
      app.add_option("--format", format, "Report format: table, markdown, csv, json (default table)")};
  for (CLI::Option* run_option : run_options)
    list->excludes(run_option);
  app.add_option("--output", o.output, "Write the report to this file (atomically) instead of stdout");
  try {
    app.parse(static_cast<int>(args.size()), args.data());
  } catch (const CLI::Success& e) {
    app.exit(e, out, out);
    return std::nullopt;
  } catch (const CLI::ParseError& e) {
    throw usage_error(e.what());
  }
  o.run.size = parse_count("--size", size);
  o.run.warmup = parse_int("--warmup", warmup, 0, 1'000'000);
  o.run.reps = parse_int("--reps", reps, 1, 1'000'000);
  // More threads than logical cores only oversubscribes (oneTBB would not use them; OpenMP would, slowly).
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  if (!threads.empty())
    o.threads = parse_int("--threads", threads, 1, std::uint64_t(cores),
                          "this machine's logical cores; more would only oversubscribe");
  for (std::size_t i = 0; i < o.policies.size(); ++i) {
    if (o.policies[i].empty()) throw usage_error("--policies: an empty name in the list");
    if (std::find(o.policies.begin(), o.policies.begin() + std::ptrdiff_t(i), o.policies[i]) !=
        o.policies.begin() + std::ptrdiff_t(i))
      throw usage_error("--policies: '" + o.policies[i] + "' is listed twice");
  }
  const auto element = parse_element_type(type);
  if (!element) throw usage_error("--type: '" + type + "' is not one of float32, float64, int32, int64");
  o.run.type = *element;
  static const std::map<std::string, output_format> formats{{"table", output_format::table},
                                                            {"markdown", output_format::markdown},
                                                            {"csv", output_format::csv},
                                                            {"json", output_format::json}};
  const auto f = formats.find(format);
  if (f == formats.end()) throw usage_error("--format: '" + format + "' is not one of table, markdown, csv, json");
  o.format = f->second;
  if (o.output && o.output->empty()) throw usage_error("--output: the file name is empty");
  return o;
}

} // namespace policybench
