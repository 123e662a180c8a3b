// The command line: defaults, every option, counts' SI suffixes, --help and --version.
#include <doctest/doctest.h>

#include "cli/parse_args.hpp"

#include <chrono>
#include <sstream>
#include <string>
#include <vector>

using namespace policybench;

TEST_CASE("no arguments give the defaults") {
  const auto o = parse({});
  REQUIRE(o);
  CHECK(o->policies.empty());
  CHECK_FALSE(o->list_policies);
  CHECK(o->run.size == 10'000'000);
  CHECK(o->run.type == element_type::float64);
  CHECK(o->run.warmup == 3);
  // No count and no criterion: noise-driven (+-2%), within 10 s, the count only a cap. Literals, not the named
  // constants: a changed default must fail here and be changed in the docs too.
  CHECK(o->default_stopping);
  CHECK(o->run.stop.max_noise == 0.02);
  CHECK(o->run.stop.limit_s == 0);
  // The whole run within 30 s, from now; disturbed calls left out.
  CHECK(o->order.budget.budget_s() == 30);
  REQUIRE(o->order.budget.left_s());
  CHECK(*o->order.budget.left_s() > 29);
  CHECK(*o->order.budget.left_s() <= 30);
  CHECK_FALSE(o->run.keep_disturbed);
  CHECK(o->run.stop.reps == 10'000);
  CHECK(o->run.stop.min_time_s == 0);
  CHECK_FALSE(o->threads);
  CHECK(o->format == "table");
  CHECK_FALSE(o->output);
  CHECK_FALSE(o->sweep);
  CHECK_FALSE(o->quiet);
  CHECK(o->order.order == policy_order::interleaved);
  CHECK(o->order.seed == 1);
  CHECK(o->run.pages == page_size::huge);
  CHECK(o->run.first_touch == first_touch_mode::parallel);
  CHECK(o->run.hold_stream);
  CHECK(o->run.end_to_end);
}

TEST_CASE("every option parses") {
  const auto o = parse({"--policies", "std::par,thrust::tbb", "--size", "1000003", "--type", "int32", "--warmup", "0",
                        "--reps", "7", "--threads", "1", "--format", "json", "--output", "out.json"});
  REQUIRE(o);
  CHECK(o->policies == std::vector<std::string>{"std::par", "thrust::tbb"});
  CHECK_FALSE(o->list_policies);
  CHECK(o->run.size == 1'000'003);
  CHECK(o->run.type == element_type::int32);
  CHECK(o->run.warmup == 0);
  CHECK(o->run.stop.reps == 7);
  CHECK(o->threads == std::optional<int>(1));
  CHECK(o->format == "json");
  CHECK(o->output == std::optional<std::string>("out.json"));

  CHECK_FALSE(parse({"--no-stream-hold"})->run.hold_stream);
  CHECK_FALSE(parse({"--no-end-to-end"})->run.end_to_end);
  CHECK(parse({"--list-policies", "--output", "list.txt"})->list_policies);
  // The list for scripts; the other formats are a run's.
  CHECK(parse({"--list-policies", "--format", "json"})->format == "json");
  CHECK(parse({"--list-policies", "--output", "list.json"})->format == "json");
  CHECK(usage_message({"--list-policies", "--format", "csv"}) == "--list-policies: a table, markdown or json, not csv");
  // A .md name asks for markdown, which the list's own writer writes; a .csv name is refused, saying why.
  CHECK(parse({"--list-policies", "--output", "list.md"})->format == "markdown");
  CHECK(usage_message({"--list-policies", "--output", "list.csv"}) ==
        "--list-policies: a table, markdown or json, not csv (what --output's name asks for; give --format with it)");
  CHECK(usage_message({"--list-policies", "--wide"}) == "--list-policies: not with --wide (it runs nothing)");
  CHECK(parse({"--type", "float32"})->run.type == element_type::float32);
  CHECK(parse({"--type", "int64"})->run.type == element_type::int64);
  CHECK(parse({"--format", "csv"})->format == "csv");
  CHECK(parse({"--format", "markdown"})->format == "markdown");
  CHECK(parse({"--format", "table"})->format == "table");
  CHECK(parse({"--policies", "loop"})->policies == std::vector<std::string>{"loop"});
  CHECK(parse({"--size", "18446744073709551615"})->run.size == UINT64_MAX);
}

TEST_CASE("--output's extension picks the format unless --format or --wide says one") {
  CHECK(parse({"--output", "run.json"})->format == "json");
  CHECK(parse({"--output", "dir.v2/run.csv"})->format == "csv");
  CHECK(parse({"--output", "run.md"})->format == "markdown");
  CHECK(parse({"--output", "run.txt"})->format == "table");
  CHECK(parse({"--output", "json"})->format == "table"); // a name, not an extension
  CHECK(parse({"--output", "run.json", "--format", "gbench"})->format == "gbench");
  CHECK(parse({"--output", "run.json", "--format", "table"})->format == "table");
  CHECK(parse({"--output", "run.csv", "--wide"})->format == "wide");
  CHECK(parse({"--format", "json"})->format == "json");
}

TEST_CASE("counts take the decimal SI suffixes k, M and G, and nothing CLI11's own conversion would read") {
  CHECK(parse({"--size", "7"})->run.size == 7);
  CHECK(parse({"--size", "3k"})->run.size == 3'000);
  CHECK(parse({"--size", "10M"})->run.size == 10'000'000);
  CHECK(parse({"--size", "2G"})->run.size == 2'000'000'000);
  CHECK(parse({"--size", "18446744073G"})->run.size == 18'446'744'073'000'000'000u);
  CHECK(parse({"--reps", "1k"})->run.stop.reps == 1'000);
  // Decimal whatever the leading zeros: CLI11 2.1 converts with strtoull(text, 0), which reads "010" as octal 8.
  CHECK(parse({"--size", "010"})->run.size == 10);
  CHECK(parse({"--seed", "010"})->order.seed == 10);
  CHECK(parse({"--warmup", "08"})->run.warmup == 8);
  // One past 2^64 - 1 once multiplied: refused, not wrapped.
  CHECK(usage_message({"--size", "18446744074G"}).find("64 bits") != std::string::npos);
  CHECK(usage_message({"--size", "1K"}).find("k, M or G") != std::string::npos);
  // What strtoull or CLI::AsNumberWithUnit would take: hexadecimal, a negative wrapped, a bare suffix, spaces.
  for (const char* text : {"0x10", "-5", "M", " 7", "7 ", "10 M"}) {
    CAPTURE(text);
    CHECK(usage_message({"--size", text}).starts_with("--size: '"));
  }
  // No elements is nothing to time (it spent the whole budget on empty calls): one line, however written.
  for (const char* zero : {"0", "0k", "000"}) {
    CAPTURE(zero);
    CHECK(usage_message({"--size", zero}) == "--size: 0 elements: nothing to time; at least 1");
  }
  CHECK(usage_message({"--sweep", "size", "--min-size", "0"}) == "--min-size: 0 elements: nothing to time; at least 1");
  // A thread count takes no unit: "1k" and "-3" are no counts, and the line suggests no suffix.
  for (const char* text : {"1k", "-3", "2M"}) {
    CAPTURE(text);
    const std::string message = usage_message({"--threads", text});
    CHECK(message.starts_with("--threads: '" + std::string(text) + "' is not a count"));
    CHECK(message.find("suffix") == std::string::npos);
  }
  // A choice is one of its names, never the enum's number (CLI::CheckedTransformer would take "0").
  CHECK(usage_message({"--type", "0"}) == "--type: 0 not in {float32,float64,int32,int64}");
}

TEST_CASE("--help and --version print to the stream and return nothing") {
  std::ostringstream help;
  CHECK_FALSE(parse({"--help"}, help));
  CHECK(help.str().find("--size") != std::string::npos);
  CHECK(help.str().find("--policies") != std::string::npos);
  std::ostringstream version;
  CHECK_FALSE(parse({"--version"}, version));
  CHECK(version.str().find("policybench") != std::string::npos);
}
