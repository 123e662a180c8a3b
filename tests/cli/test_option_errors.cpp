// Bad command lines: one-line usage errors naming the option; names in the --policies list.
#include <doctest/doctest.h>

#include "cli/parse_args.hpp"

#include <algorithm>
#include <cctype>
#include <span>
#include <sstream>
#include <string>
#include <vector>

using namespace policybench;

TEST_CASE("bad input throws a one-line usage_error naming the option") {
  const bad_case cases[] = {
      {{"--size", "-5"}, "--size"},
      {{"--size", "abc"}, "--size"},
      {{"--size", "10Mi"}, "--size"},
      {{"--size", "10x"}, "--size"},
      {{"--size", "M"}, "--size"},
      {{"--size", "20000000000G"}, "--size"},
      {{"--list-policies", "--size", "5"}, "--size"},
      {{"--size", "1e7"}, "--size"},
      {{"--size", "99999999999999999999999"}, "--size"},
      {{"--reps", "0"}, "--reps"},
      {{"--reps", "-1"}, "--reps"},
      {{"--warmup", "-1"}, "--warmup"},
      {{"--threads", "0"}, "--threads"},
      {{"--threads", "-2"}, "--threads"},
      {{"--threads", "100000"}, "--threads"},
      {{"--policies", ""}, "--policies"},
      {{"--policies", "loop,loop"}, "--policies"},
      {{"--type", "float16"}, "--type"},
      {{"--format", "xml"}, "--format"},
      {{"--output", ""}, "--output"},
      {{"--bogus"}, "--bogus"},
  };
  check_refused(cases);
  CHECK(usage_message({"--size", "99999999999999999999999"}).find("64 bits") != std::string::npos);
  CHECK(usage_message({"--list-policies", "--size", "5"}) == "--list-policies: not with --size (it runs nothing)");
}

TEST_CASE("--policies: names trimmed of spaces, an empty item refused, not dropped") {
  CHECK(parse({"--policies", "loop, std::seq"})->policies == std::vector<std::string>{"loop", "std::seq"});
  // Two --policies are not silently merged into one list.
  CHECK(usage_message({"--policies", " loop ", "--policies", "std::par"}) ==
        "--policies: given 2 times; give one comma-separated list");
  for (const char* list : {"loop,,std::seq", "loop,", ",loop", "loop, ,std::seq"}) {
    CAPTURE(list);
    CHECK(usage_message({"--policies", list}) == "--policies: an empty name in the list");
  }
  CHECK(usage_message({"--policies", "loop, loop"}) == "--policies: 'loop' is listed twice");
}

TEST_CASE("one rule for every option that takes a value: an empty value is refused, never taken as not given") {
  for (const char* option : {"--threads", "--work", "--sweep", "--min-size", "--max-size", "--min-work", "--max-work",
                             "--min-time", "--max-noise", "--timeout", "--budget", "--size", "--policies", "--output",
                             "--order", "--seed", "--type", "--format", "--warmup"}) {
    CAPTURE(option);
    CHECK(usage_message({option, ""}) == std::string(option) + ": the value is empty");
    // "--size=" too, whatever follows it (CLI11 would take the next argument as its value).
    const std::string empty = std::string(option) + "=";
    for (const auto& next : {std::vector<const char*>{}, {"--size", "1k"}, {"--reps", "3"}}) {
      std::vector<const char*> argv{"policybench", empty.c_str()};
      argv.insert(argv.end(), next.begin(), next.end());
      std::ostringstream out;
      CHECK(usage_message_of([&] { parse_options(argv, out, report_format_names()); }) ==
            std::string(option) + ": the value is empty");
    }
  }
}

TEST_CASE("a value left out is one line naming the option and what it takes, not CLI11's \"1 required TEXT\"") {
  CHECK(usage_message({"--threads"}) == "--threads: the value is missing; expected: thread limit for oneTBB and "
                                        "OpenMP, 1..the CPUs this process may use");
  CHECK(usage_message({"--reps"}) == "--reps: the value is missing; expected: timed warm calls counted, at least 1");
  for (const char* option : {"--size", "--sweep", "--order", "--timeout", "--output", "--seed"}) {
    CAPTURE(option);
    const std::string message = usage_message({option});
    CHECK(message.starts_with(std::string(option) + ": the value is missing; expected: "));
    CHECK(message.find("TEXT") == std::string::npos);
  }
  CHECK(usage_message({"--size", "1k", "--size", "2k"}) == "--size: given 2 times; give it once");
  // A seed's example is a seed, not an element count.
  CHECK(usage_message({"--seed", "-1"}).ends_with("e.g. 42"));
}

TEST_CASE("a misspelt option is answered with the one it most likely meant") {
  CHECK(usage_message({"--sizes", "10M"}).ends_with("; did you mean --size?"));
  CHECK(usage_message({"--polices=loop"}).ends_with("; did you mean --policies?"));
  CHECK(usage_message({"--zzzzzzzz"}).find("did you mean") == std::string::npos);
  CHECK(usage_message({"--bogus"}) == "--bogus: no such option"); // not "--pages"
  // The executable reads no report: comparing reports is scripts/compare_reports.py's.
  CHECK(usage_message({"--compare-with", "seed.json"}) == "--compare-with: no such option");
}

TEST_CASE("CLI11's own errors take the project's form: the option first, then what is wrong, in its words") {
  CHECK(usage_message({"--wide", "--format", "csv"}) == "--format: not with --wide");
  CHECK(usage_message({"--keep-disturbed=2"}) == "--keep-disturbed: a flag; it takes no value");
  CHECK(usage_message({"--no-end-to-end=x"}) == "--no-end-to-end: a flag; it takes no value");
  // Values CLI11 reads as a boolean: "--list-policies=no" would list nothing and start a run.
  CHECK(usage_message({"--list-policies=no"}) == "--list-policies: a flag; it takes no value");
  CHECK(usage_message({"--quiet=3"}) == "--quiet: a flag; it takes no value");
  CHECK(usage_message({"--no-stream-hold=0"}) == "--no-stream-hold: a flag; it takes no value");
  CHECK(usage_message({"-x"}) == "-x: no such option");
  CHECK(usage_message({"10000", "x"}) == "'10000': not expected; every value follows its option (--size 10M)");
  CHECK(usage_message({"5", "--sizes"}) == "--sizes: no such option; did you mean --size?");
}

TEST_CASE("every flag refuses every value, one that reads as true included") {
  // The flags are read from --help, options with no value name after them ("--wide Excludes: --format", not
  // "--size COUNT"), so that a new flag is covered too.
  std::ostringstream help;
  CHECK_FALSE(parse({"--help"}, help));
  std::vector<std::string> flags;
  std::istringstream lines(help.str());
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string name, next;
    words >> name >> next;
    const bool value_name =
        !next.empty() && std::all_of(next.begin(), next.end(), [](unsigned char c) { return std::isupper(c) != 0; });
    if (line.starts_with("  -") && name.find("--") != std::string::npos && !value_name)
      flags.push_back(name.substr(name.find("--")));
  }
  for (const char* flag :
       {"--help", "--version", "--list-policies", "--wide", "--keep-disturbed", "--no-stream-hold", "--quiet"})
    CHECK(std::find(flags.begin(), flags.end(), flag) != flags.end());
  for (const std::string& flag : flags)
    for (const char* value : {"true", "false", "1", "0", "yes", "on", "{}", "", "x"}) {
      const std::string given = flag + "=" + value;
      CAPTURE(given);
      CHECK(usage_message({given.c_str()}) == flag + ": a flag; it takes no value");
      CHECK(usage_message({"--size", "1k", given.c_str(), "--reps", "3"}) == flag + ": a flag; it takes no value");
    }
}

TEST_CASE("an error line stays one line: control characters are written as escapes") {
  CHECK(one_line("lo\nop\t\r\x1b[2J\x7f") == "lo\\nop\\t\\r\\x1b[2J\\x7f");
  CHECK(one_line("std::par") == "std::par");
}

TEST_CASE("an error line names the program that was run: argv[0]'s basename (a user's op's executable its own)") {
  const char* const user[] = {"/home/me/build/my_op_bench", "--size", "0"};
  CHECK(program_name(user) == "my_op_bench");
  CHECK(program_name(std::span(user, 0)) == "policybench");
  const char* const unnamed[] = {""};
  CHECK(program_name(unnamed) == "policybench");
}

TEST_CASE("--help names the program it was given (policybench-mpi's help says policybench-mpi)") {
  std::ostringstream help;
  const char* argv[] = {"/opt/bin/policybench-mpi", "--help"};
  CHECK_FALSE(parse_options(argv, help, report_format_names()));
  CHECK(help.str().find("Usage: policybench-mpi") != std::string::npos);
}

TEST_CASE("--help: each value named for what it is, --policies not as a repeatable option, 120 columns at most") {
  std::ostringstream out;
  CHECK_FALSE(parse({"--help"}, out));
  const std::string help = out.str();
  CHECK(help.find("TEXT") == std::string::npos);
  for (const char* named :
       {"--policies LIST ", "--size COUNT ", "--budget SECONDS ", "--max-noise PCT ", "--work K ", "--output FILE "}) {
    CAPTURE(named);
    CHECK(help.find(named) != std::string::npos);
  }
  std::istringstream lines(help);
  for (std::string line; std::getline(lines, line);) {
    CAPTURE(line);
    CHECK(line.size() <= 120);
    CHECK((line.find("--policies") == std::string::npos || line.find("...") == std::string::npos));
  }
}
