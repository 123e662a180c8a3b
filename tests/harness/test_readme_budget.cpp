// The README's memory-bound recipe gives its size the budget it needs: the run's own lower bound (run_seconds_needed)
// at the plateau the README quotes for that size, so that the recipe as written measures, not one call a row.
#include <doctest/doctest.h>

#include "harness/run.hpp"
#include "harness/schedule.hpp"
#include "measure/run_config.hpp"
#include "policies/registry.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>

using namespace policybench;

TEST_CASE("the README's memory-bound recipe gives its size at least the budget the run says it needs") {
  std::ifstream in(std::filesystem::path(POLICYBENCH_README));
  const std::string readme{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::smatch recipe, plateau;
  // The recipe names its size (M: 10^6 elements) and its budget; a recipe without --budget has the default 30 s.
  REQUIRE(std::regex_search(readme, recipe, std::regex(R"(`policybench --size ([0-9]+)M( --budget ([0-9]+))?`)")));
  // The slower of the memory plateaus the README quotes for that size: the rows' bandwidth on its machine.
  REQUIRE(std::regex_search(readme, plateau, std::regex(R"(plateaus ([0-9.]+) and ([0-9.]+) GB/s)")));
  run_config cfg;
  cfg.size = std::stoull(recipe[1]) * 1'000'000;
  const double budget_s = recipe[3].matched ? std::stod(recipe[3]) : 30;
  const run_order order{.order = policy_order::interleaved, .budget = time_budget::from_now(budget_s)};
  const workload_id increment[] = {workload_id::increment};
  const double gb_per_s = std::min(std::stod(plateau[1]), std::stod(plateau[2]));
  const double need_s = run_seconds_needed(cfg, increment, device_info{}, registry(device_info{}), order, gb_per_s);
  INFO("the recipe's --budget ", budget_s, " s; the run needs at least ", need_s, " s at ", gb_per_s, " GB/s");
  CHECK(need_s > 10); // an 800 MB array's base rounds are seconds of streaming: the model did not go to zero
  CHECK(budget_s >= need_s);
}
