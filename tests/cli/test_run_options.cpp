// How a run is done: --pages, --first-touch, --format gbench; --order, --seed, --max-noise and --timeout.
#include <doctest/doctest.h>

#include "cli/parse_args.hpp"

#include <string>
#include <vector>

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

TEST_CASE("--workload takes a comma-separated list or all, each measured in turn, a bad name one line") {
  CHECK(parse({})->workloads == std::vector{workload_id::increment}); // the default run: the increment alone
  const auto two = parse({"--workload", "triad, poly"});
  CHECK(two->workloads == std::vector{workload_id::triad, workload_id::poly});
  CHECK(two->run.workload == workload_id::triad); // a sweep's and policybench-mpi's one workload: the first
  const auto all = parse({"--workload", "all"});
  REQUIRE(all->workloads.size() == std::size(workload_names));
  for (std::size_t w = 0; w < all->workloads.size(); ++w)
    CHECK(to_string(all->workloads[w]) == workload_names[w]);
  std::string names;
  for (const std::string_view name : workload_names)
    names += std::string(name) + ",";
  CHECK(usage_message({"--workload", "triad,triads"}) == "--workload: triads not in {" + names + "all}");
  CHECK(usage_message({"--workload", "all,triad"}) == "--workload: all is every workload; not in a list");
  CHECK(usage_message({"--workload", "triad,triad"}) == "--workload: 'triad' is listed twice");
  CHECK(usage_message({"--workload", "triad,,poly"}) == "--workload: an empty name in the list");
  // What one of the workloads cannot do is refused for the list, naming it.
  CHECK(usage_message({"--workload", "increment,triad", "--work", "4"})
            .starts_with("--work: only with --workload "
                         "increment"));
  CHECK(usage_message({"--workload", "all", "--type", "int32"}) ==
        "--workload triad: float32 or float64 only, not int32");
  CHECK(usage_message({"--workload", "triad,poly", "--sweep", "size"}) ==
        "--workload: one workload with --sweep, not 2");
  CHECK(parse({"--workload", "poly", "--sweep", "size"})->sweep);
}

TEST_CASE("--list-workloads lists, as a table, markdown or JSON, and runs nothing") {
  CHECK(parse({"--list-workloads"})->list_workloads);
  CHECK(parse({"--list-workloads", "--format", "json"})->format == "json");
  CHECK(parse({"--list-workloads", "--output", "workloads.md"})->format == "markdown");
  CHECK(usage_message({"--list-workloads", "--workload", "triad"}) ==
        "--list-workloads: not with --workload (it runs nothing)");
  CHECK(usage_message({"--list-workloads", "--format", "csv"}) ==
        "--list-workloads: a table, markdown or json, not csv");
  CHECK(usage_message({"--list-policies", "--list-workloads"}) == "--list-policies: not with --list-workloads");
}
