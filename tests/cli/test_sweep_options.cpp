// --sweep: its defaults and bounds, --min-time, and the options a sweep refuses beside it.
#include <doctest/doctest.h>

#include "cli/parse_args.hpp"

#include <string>

using namespace policybench;

TEST_CASE("--sweep: defaults, bounds (one point included) and --min-time") {
  const auto none = parse({});
  REQUIRE(none);
  CHECK_FALSE(none->sweep);
  CHECK(none->run.stop.min_time_s == 0);
  const auto size = parse({"--sweep", "size", "--min-size", "2000", "--max-size", "300000", "--min-time", "0.5"});
  REQUIRE(size);
  CHECK(size->sweep->kind == sweep_kind::size);
  CHECK(size->sweep->min_size == 2000);
  CHECK(size->sweep->max_size == 300000);
  CHECK(size->run.stop.min_time_s == 0.5);
  CHECK(size->run.stop.reps == 10'000); // --reps not given: the cap
  const auto size_defaults = parse({"--sweep", "size"});
  REQUIRE(size_defaults);
  CHECK(size_defaults->sweep->min_size == 1'000);
  CHECK(size_defaults->sweep->max_size == 1'000'000'000);
  CHECK(size_defaults->run.stop.min_time_s == 0.2);
  const auto threads = parse({"--sweep", "threads", "--reps", "20", "--quiet"});
  REQUIRE(threads);
  CHECK(threads->sweep->kind == sweep_kind::threads);
  CHECK(threads->run.stop.min_time_s == 0.2);
  CHECK(threads->run.stop.reps == 20);
  CHECK(threads->quiet);
  // A work sweep of one point (first K = largest K) is a sweep, not an error.
  const auto one_k = parse({"--sweep", "work", "--min-work", "8", "--max-work", "8"});
  REQUIRE(one_k);
  CHECK(one_k->sweep->min_work == 8);
  CHECK(one_k->sweep->max_work == 8);
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
  };
  check_refused(cases);
}

TEST_CASE("--sweep takes every axis of harness/sweep.hpp's table, and refuses the option the axis varies beside it") {
  for (const sweep_axis& axis : sweep_axes()) {
    const std::string name(axis.name), varied = "--" + name;
    CAPTURE(name);
    const auto swept = parse({"--sweep", name.c_str()});
    REQUIRE(swept);
    REQUIRE(swept->sweep);
    CHECK(swept->sweep->kind == axis.kind);
    CHECK(usage_message({"--sweep", name.c_str(), varied.c_str(), "1"}).starts_with(varied + ": not with --sweep"));
  }
}
