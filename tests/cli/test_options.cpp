// The command line: defaults, every option, --help/--version, one-line usage errors naming the option, lists.
#include <doctest/doctest.h>

#include <chrono>

#include <algorithm>

#include "cli/options.hpp"
#include "cli/write_report.hpp"

#include <cstdint>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

using namespace policybench;

namespace {

std::optional<options> parse(std::initializer_list<const char*> args, std::ostream& out) {
  std::vector<const char*> argv{"policybench"};
  argv.insert(argv.end(), args.begin(), args.end());
  return parse_options(argv, out, report_format_names());
}

std::optional<options> parse(std::initializer_list<const char*> args) {
  std::ostringstream out;
  return parse(args, out);
}

// The usage_error message `f` throws, or "" when it returns or throws something else.
template <class F> std::string usage_message_of(F f) {
  try {
    f();
  } catch (const usage_error& e) {
    return e.what();
  } catch (...) {
    return "";
  }
  return "";
}

// The usage_error message of parsing `args`, or "" when parsing succeeded.
std::string usage_message(std::initializer_list<const char*> args) {
  return usage_message_of([&] { parse(args); });
}

// Command lines that must be refused with a one-line usage_error naming `option`.
struct bad_case {
  std::initializer_list<const char*> args;
  const char* option;
};

template <std::size_t N> void check_refused(const bad_case (&cases)[N]) {
  for (const auto& c : cases) {
    std::string joined;
    for (const char* a : c.args)
      joined += std::string(" '") + a + "'";
    CAPTURE(joined);
    const std::string message = usage_message(c.args);
    CAPTURE(message);
    CHECK_FALSE(message.empty());
    CHECK(message.find(c.option) != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  }
}

} // namespace

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
  CHECK(o->run.max_noise == 0.02);
  CHECK(o->run.timeout_s == 0);
  // The whole run within 30 s, from now; disturbed calls left out.
  CHECK(o->run.budget_s == 30);
  REQUIRE(o->run.deadline);
  CHECK(*o->run.deadline - std::chrono::steady_clock::now() > std::chrono::seconds(29));
  CHECK(*o->run.deadline - std::chrono::steady_clock::now() <= std::chrono::seconds(30));
  CHECK_FALSE(o->run.keep_disturbed);
  CHECK(o->run.reps == 10'000);
  CHECK(o->run.min_time_s == 0);
  CHECK_FALSE(o->threads);
  CHECK(o->format == "table");
  CHECK_FALSE(o->output);
  CHECK(o->sweep == sweep_kind::none);
  CHECK_FALSE(o->quiet);
  CHECK(o->compare_with.empty());
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
  CHECK(o->run.reps == 7);
  CHECK(o->threads == std::optional<int>(1));
  CHECK(o->format == "json");
  CHECK(o->output == std::optional<std::string>("out.json"));

  CHECK(parse({"--size", "0"})->run.size == 0);
  CHECK_FALSE(parse({"--no-stream-hold"})->run.hold_stream);
  CHECK_FALSE(parse({"--no-end-to-end"})->run.end_to_end);
  CHECK(parse({"--list-policies", "--output", "list.txt"})->list_policies);
  CHECK(parse({"--type", "float32"})->run.type == element_type::float32);
  CHECK(parse({"--type", "int64"})->run.type == element_type::int64);
  CHECK(parse({"--format", "csv"})->format == "csv");
  CHECK(parse({"--format", "markdown"})->format == "markdown");
  CHECK(parse({"--format", "table"})->format == "table");
  CHECK(parse({"--policies", "loop"})->policies == std::vector<std::string>{"loop"});
  CHECK(parse({"--size", "18446744073709551615"})->run.size == UINT64_MAX);
}

TEST_CASE("counts take the decimal SI suffixes k, M and G") {
  CHECK(parse_count("--size", "7") == 7);
  CHECK(parse_count("--size", "0k") == 0);
  CHECK(parse_count("--size", "3k") == 3'000);
  CHECK(parse_count("--size", "10M") == 10'000'000);
  CHECK(parse_count("--size", "2G") == 2'000'000'000);
  CHECK(parse_count("--size", "18446744073G") == 18'446'744'073'000'000'000u);
  CHECK(parse({"--size", "1M"})->run.size == 1'000'000);
  CHECK(parse({"--reps", "1k"})->run.reps == 1'000);
  // One past 2^64 - 1 once multiplied: refused, not wrapped.
  CHECK(usage_message_of([] { parse_count("--size", "18446744074G"); }).find("64 bits") != std::string::npos);
  CHECK(usage_message_of([] { parse_count("--size", "1K"); }).find("k, M or G") != std::string::npos);
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
      {{"--size", ""}, "--size"},
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
  CHECK(parse({"--policies", " loop ", "--policies", "std::par"})->policies ==
        std::vector<std::string>{"loop", "std::par"});
  for (const char* list : {"loop,,std::seq", "loop,", ",loop", "loop, ,std::seq", ""}) {
    CAPTURE(list);
    CHECK(usage_message({"--policies", list}) == "--policies: an empty name in the list");
  }
  CHECK(usage_message({"--compare-with", "a.json,,b.json"}) == "--compare-with: an empty file name in the list");
  CHECK(usage_message({"--policies", "loop, loop"}) == "--policies: 'loop' is listed twice");
}

TEST_CASE("--sweep: defaults, bounds and --min-time") {
  const auto none = parse({});
  REQUIRE(none);
  CHECK(none->sweep == sweep_kind::none);
  CHECK(none->run.min_time_s == 0);
  const auto size = parse({"--sweep", "size", "--min-size", "2000", "--max-size", "300000", "--min-time", "0.5"});
  REQUIRE(size);
  CHECK(size->sweep == sweep_kind::size);
  CHECK(size->min_size == 2000);
  CHECK(size->max_size == 300000);
  CHECK(size->run.min_time_s == 0.5);
  CHECK(size->run.reps == 10'000); // --reps not given: the cap
  const auto size_defaults = parse({"--sweep", "size"});
  REQUIRE(size_defaults);
  CHECK(size_defaults->min_size == 1'000);
  CHECK(size_defaults->max_size == 1'000'000'000);
  CHECK(size_defaults->run.min_time_s == 0.2);
  const auto threads = parse({"--sweep", "threads", "--reps", "20", "--quiet"});
  REQUIRE(threads);
  CHECK(threads->sweep == sweep_kind::threads);
  CHECK(threads->run.min_time_s == 0.2);
  CHECK(threads->run.reps == 20);
  CHECK(threads->quiet);
}

TEST_CASE("conflicting sweep options are refused with a one-line usage_error naming the option") {
  const bad_case cases[] = {
      {{"--sweep", "sizes"}, "--sweep"},
      {{"--sweep", "threads", "--threads", "1"}, "--threads"},
      {{"--sweep", "size", "--size", "1000"}, "--size"},
      {{"--min-size", "1000"}, "--min-size"},
      {{"--max-size", "1000"}, "--max-size"},
      {{"--sweep", "threads", "--max-size", "1000"}, "--max-size"},
      {{"--min-time", "1"}, "--min-time"},
      {{"--sweep", "size", "--min-size", "2000", "--max-size", "1000"}, "--min-size"},
      {{"--sweep", "size", "--min-size", "0"}, "--min-size"},
      {{"--sweep", "size", "--max-size", "1e9"}, "--max-size"},
      {{"--sweep", "size", "--min-time", "0"}, "--min-time"},
      {{"--sweep", "size", "--min-time", "61"}, "--min-time"},
      {{"--sweep", "size", "--min-time", "fast"}, "--min-time"},
      {{"--sweep", "size", "--min-time", "nan"}, "--min-time"},
      {{"--sweep", "size", "--compare-with", "seed.json"}, "--compare-with"},
  };
  check_refused(cases);
}

TEST_CASE("--pages and --first-touch set the placement, --format gbench, bad values are refused naming the option") {
  const auto o = parse({"--pages", "small", "--first-touch", "serial", "--format", "gbench"});
  CHECK(o->run.pages == page_size::small);
  CHECK(o->run.first_touch == first_touch_mode::serial);
  CHECK(o->format == "gbench");
  CHECK(usage_message({"--pages", "large"}) == "--pages: 'large' is not one of huge, small");
  CHECK(usage_message({"--first-touch", "numa"}) == "--first-touch: 'numa' is not one of parallel, serial");
  CHECK(usage_message({"--list-policies", "--pages", "small"}).find("not with --pages") != std::string::npos);
}

TEST_CASE("--order, --seed, --max-noise, --timeout: a run interleaves by default, a sweep does not") {
  const auto run = parse({"--reps", "10"});
  REQUIRE(run);
  CHECK(run->order.order == policy_order::interleaved);
  CHECK(run->order.seed == 1);
  CHECK_FALSE(run->default_stopping); // a count given: exactly that many calls, no criterion
  CHECK(run->run.max_noise == 0);
  CHECK(run->run.timeout_s == 0);
  CHECK_FALSE(parse({"--timeout", "3"})->default_stopping);
  CHECK(parse({"--timeout", "3"})->run.max_noise == 0);
  CHECK_FALSE(parse({"--sweep", "size"})->default_stopping);
  const auto sweep = parse({"--sweep", "size", "--max-noise", "0.5", "--timeout", "2"});
  REQUIRE(sweep);
  CHECK(sweep->order.order == policy_order::sequential);
  CHECK(sweep->run.max_noise == doctest::Approx(0.005));
  CHECK(sweep->run.timeout_s == 2);
  CHECK(sweep->run.min_time_s == 0.2);
  const auto noise = parse({"--max-noise", "1", "--min-time", "0.3", "--order", "sequential"});
  REQUIRE(noise);
  CHECK(noise->run.max_noise == doctest::Approx(0.01));
  CHECK(noise->run.min_time_s == 0.3);
  CHECK(noise->run.reps == 10'000); // --max-noise decides, --reps not given: the cap
  CHECK(noise->order.order == policy_order::sequential);
  const auto seeded = parse({"--seed", "42", "--reps", "20", "--timeout", "0.5"});
  REQUIRE(seeded);
  CHECK(seeded->order.seed == 42);
  CHECK(seeded->run.reps == 20);
  CHECK(seeded->run.timeout_s == 0.5);
  const bad_case cases[] = {
      {{"--order", "bogus"}, "--order"},
      {{"--order", ""}, "--order"},
      {{"--sweep", "size", "--order", "interleaved"}, "--order"},
      {{"--order", "sequential", "--seed", "3"}, "--seed"},
      {{"--sweep", "threads", "--seed", "3"}, "--seed"},
      {{"--seed", "-1"}, "--seed"},
      {{"--seed", "x"}, "--seed"},
      {{"--max-noise", "0"}, "--max-noise"},
      {{"--max-noise", "abc"}, "--max-noise"},
      {{"--max-noise", "-1"}, "--max-noise"},
      {{"--max-noise", "101"}, "--max-noise"},
      {{"--max-noise", "nan"}, "--max-noise"},
      {{"--timeout", "-1"}, "--timeout"},
      {{"--timeout", "0"}, "--timeout"},
      {{"--timeout", "inf"}, "--timeout"},
      {{"--timeout", "3601"}, "--timeout"},
      {{"--max-noise", "1", "--min-time", "0"}, "--min-time"},
      {{"--timeout", "1", "--min-time", "1"}, "--min-time"},
  };
  check_refused(cases);
}
