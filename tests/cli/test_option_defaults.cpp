// The documented defaults as literal values (the README and --help state these numbers; a test that compared a
// default with its own constant would pass whatever the constant became), the --threads bound at exactly the
// logical cores, and --max-noise's percent stored as a fraction.
#include <doctest/doctest.h>

#include "cli/options.hpp"
#include "cli/write_report.hpp"

#include <algorithm>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace policybench;

namespace {

options parse(std::vector<std::string> args) {
  std::vector<const char*> argv{"policybench"};
  for (const auto& a : args)
    argv.push_back(a.c_str());
  std::ostringstream out;
  const auto o = parse_options(argv, out, report_format_names());
  REQUIRE(o);
  return *o;
}

} // namespace

TEST_CASE("defaults, as the README states them") {
  const options o = parse({});
  CHECK(o.policies.empty()); // every policy
  CHECK_FALSE(o.list_policies);
  CHECK(o.run.type == element_type::float64);
  CHECK(o.run.size == 10000000);
  CHECK(o.run.warmup == 3);
  CHECK_FALSE(o.threads); // every logical core
  CHECK(o.format == "table");
  CHECK_FALSE(o.output); // stdout
  CHECK(o.run.hold_stream);
  CHECK(o.run.end_to_end);
  CHECK(o.default_stopping);
  CHECK(o.run.stop.max_noise == 0.02); // +-2%
  CHECK(o.run.stop.limit_s == 0);      // no per-row limit: the run's budget bounds every row
  CHECK(o.order.budget.budget_s() == 30);
  CHECK_FALSE(o.run.keep_disturbed);
  CHECK(o.run.stop.reps == 10000);
  CHECK(o.run.stop.min_time_s == 0);
  CHECK(o.run.pages == page_size::huge);
  CHECK(o.run.first_touch == first_touch_mode::parallel);
  CHECK(o.order.order == policy_order::interleaved);
  CHECK(o.order.seed == 1);
  CHECK_FALSE(o.sweep);
  CHECK_FALSE(o.quiet);
  CHECK(default_reps == 10); // policybench-mpi's count
  const options sweep = parse({"--sweep", "size"});
  CHECK(sweep.sweep->min_size == 1000);
  CHECK(sweep.sweep->max_size == 1000000000);
  CHECK(sweep.run.stop.min_time_s == 0.2);
  CHECK(sweep.run.stop.reps == 10000);
  CHECK(sweep.order.order == policy_order::sequential);
  // A sweep ends within minutes too: the README's sweeps say how long they take.
  CHECK(sweep.order.budget.budget_s() == 120);
  CHECK(sweep.order.budget.left_s());
  CHECK_FALSE(sweep.default_stopping);
  const options noise = parse({"--max-noise", "5"});
  CHECK(noise.run.stop.reps == 10000);
  CHECK(noise.run.stop.min_time_s == 0);
  const options counted = parse({"--reps", "7"});
  CHECK(counted.run.stop.reps == 7);
  CHECK(counted.run.stop.max_noise == 0);
  CHECK(counted.run.stop.limit_s == 0);
}

TEST_CASE("--max-noise is a percentage on the command line and a fraction in the run") {
  CHECK(parse({"--max-noise", "5"}).run.stop.max_noise == 0.05);
  CHECK(parse({"--max-noise", "100"}).run.stop.max_noise == 1);
  CHECK(parse({"--max-noise", "0.5"}).run.stop.max_noise == 0.005);
}

TEST_CASE("--threads accepts 1 to the logical cores, not one more") {
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  CHECK(parse({"--threads", std::to_string(cores)}).threads == int(cores));
  CHECK(parse({"--threads", "1"}).threads == 1);
  std::vector<const char*> argv{"policybench", "--threads", nullptr};
  const std::string one_more = std::to_string(cores + 1);
  argv[2] = one_more.c_str();
  std::ostringstream out;
  CHECK_THROWS_AS(parse_options(argv, out, report_format_names()), usage_error);
}
