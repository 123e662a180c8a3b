// How a run is done: --pages, --first-touch, --format gbench; --order, --seed, --max-noise and --timeout.
#include <doctest/doctest.h>

#include "cli/parse_args.hpp"

#include <string>

using namespace policybench;

TEST_CASE("--pages and --first-touch set the placement, --format gbench, bad values are refused naming the option") {
  const auto o = parse({"--pages", "small", "--first-touch", "serial", "--format", "gbench"});
  CHECK(o->run.pages == page_size::small);
  CHECK(o->run.first_touch == first_touch_mode::serial);
  CHECK(o->format == "gbench");
  CHECK(usage_message({"--pages", "large"}) == "--pages: large not in {huge,small}");
  CHECK(usage_message({"--first-touch", "numa"}) == "--first-touch: numa not in {parallel,serial}");
  CHECK(usage_message({"--list-policies", "--pages", "small"}).find("not with --pages") != std::string::npos);
}

TEST_CASE("--order, --seed, --max-noise, --timeout: a run interleaves by default, a sweep does not") {
  const auto run = parse({"--reps", "10"});
  REQUIRE(run);
  CHECK(run->order.order == policy_order::interleaved);
  CHECK(run->order.seed == 1);
  CHECK_FALSE(run->default_stopping); // a count given: exactly that many calls, no criterion
  CHECK(run->run.stop.max_noise == 0);
  CHECK(run->run.stop.limit_s == 0);
  // --timeout alone bounds the default noise target: not a silent fixed count of default_reps calls.
  const auto bounded = parse({"--timeout", "3"});
  CHECK(bounded->default_stopping);
  CHECK(bounded->run.stop.max_noise == default_max_noise);
  CHECK(bounded->run.stop.reps == sweep_max_reps);
  CHECK(bounded->run.stop.limit_s == 3);
  CHECK_FALSE(parse({"--sweep", "size"})->default_stopping);
  const auto sweep = parse({"--sweep", "size", "--max-noise", "0.5", "--timeout", "2"});
  REQUIRE(sweep);
  CHECK(sweep->order.order == policy_order::sequential);
  CHECK(sweep->run.stop.max_noise == doctest::Approx(0.005));
  CHECK(sweep->run.stop.limit_s == 2);
  CHECK(sweep->run.stop.min_time_s == 0.2);
  const auto noise = parse({"--max-noise", "1", "--min-time", "0.3", "--order", "sequential"});
  REQUIRE(noise);
  CHECK(noise->run.stop.max_noise == doctest::Approx(0.01));
  CHECK(noise->run.stop.min_time_s == 0.3);
  CHECK(noise->run.stop.reps == 10'000); // --max-noise decides, --reps not given: the cap
  CHECK(noise->order.order == policy_order::sequential);
  CHECK(run->order.rounds == default_rounds);
  CHECK(parse({"--repetitions", "12"})->order.rounds == 12);
  const auto seeded = parse({"--seed", "42", "--reps", "20", "--timeout", "0.5"});
  REQUIRE(seeded);
  CHECK(seeded->order.seed == 42);
  CHECK(seeded->run.stop.reps == 20);
  CHECK(seeded->run.stop.limit_s == 0.5);
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
