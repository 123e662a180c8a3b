// CLI11's side of the command line in policybench's form: --help with a name for each value, wrapped to 120
// columns, and CLI11's errors as the one-line "<option>: <what>" of every other check.
#include "cli/options.hpp"
#include "policies/registry.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace policybench {

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
      bare.push_back(option->get_name().substr(2));
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

namespace {

// Each value's name in --help; --policies is one list, never repeated (CLI11 would write "TEXT ...").
constexpr std::string_view value_names[] = {
    "--policies LIST",    "--size COUNT",        "--type TYPE",       "--warmup COUNT",    "--reps COUNT",
    "--threads COUNT",    "--format FORMAT",     "--pages PAGES",     "--first-touch WHO", "--sweep KIND",
    "--work K",           "--min-work K",        "--max-work K",      "--min-size COUNT",  "--max-size COUNT",
    "--min-time SECONDS", "--max-noise PCT",     "--timeout SECONDS", "--budget SECONDS",  "--order ORDER",
    "--seed N",           "--repetitions COUNT", "--output FILE"};

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

} // namespace

void format_help(CLI::App& app) {
  for (const std::string_view named : value_names)
    app.get_option(std::string(named.substr(0, named.find(' '))))
        ->type_name(std::string(named.substr(named.find(' ') + 1)));
  app.get_option("--policies")->option_text("LIST");
  app.formatter(std::make_shared<wrapping_formatter>());
}

} // namespace policybench
