// --compare-with's joining: a report's rows join this run's, marked with their source, with speedups against this
// run's loop and warnings where the runs differ; the option is repeatable and comma-separated.
#include <doctest/doctest.h>

#include "report/compared_files.hpp"

#include "cli/options.hpp"
#include "cli/write_report.hpp"
#include "harness/rules.hpp"
#include "report/compare_with.hpp"
#include "report/report.hpp"

#include <sstream>
#include <string>
#include <vector>

using namespace policybench;
using json = nlohmann::ordered_json;

TEST_CASE("compared rows join with their source, this run's fields and a speedup against this run's loop") {
  json theirs = this_run();
  theirs["environment"]["host"]["cpu_model"] = "other cpu";
  theirs["warnings"] = {"python loop: noisy"};
  json& row = theirs["results"][0];
  row["policy"] = "python loop";
  row["median_s"] = 8.0;
  row["gb_per_s"] = 16000 / 1e9 / 8;
  row["pct_of_ceiling"] = nullptr;
  row["speedup_vs_loop"] = 1.0;                   // against its own loop: replaced
  row.erase("threads");                           // an optional field the file lacks comes in as null
  row["kernel_median_s"] = 0.5;                   // an extra this run lacks joins every row, null where a row lacks it
  row["per_rank"] = json::array({{{"rank", 0}}}); // an array (a mode's own structure) is left out

  benchmark_report typed = this_report();
  append_compared(typed, {compared_from_json("seed.json", theirs)});
  const json report = to_json(typed);
  REQUIRE(report["results"].size() == 3); // this run's loop and ceiling, then the compared loop (not its ceiling)
  const json& own = report["results"][0];
  const json& joined = report["results"][2];
  CHECK(own["source"].is_null());
  CHECK(joined["source"] == "seed.json");
  CHECK(joined["policy"] == "python loop");
  std::vector<std::string> own_keys, joined_keys;
  for (const auto& [k, v] : own.items())
    own_keys.push_back(k);
  for (const auto& [k, v] : joined.items())
    joined_keys.push_back(k);
  CHECK(joined_keys == own_keys);
  CHECK(joined["threads"].is_null());
  CHECK(joined["kernel_median_s"] == 0.5);
  CHECK(own["kernel_median_s"].is_null());
  CHECK_FALSE(joined.contains("per_rank"));
  CHECK(joined["speedup_vs_loop"].get<double>() == doctest::Approx(2.0 / 8.0));
  CHECK(joined["pct_of_ceiling"].get<double>() == doctest::Approx(100 * 0.5 / 8.0));
  const auto warnings = report["warnings"].dump();
  CHECK(warnings.find("'seed.json' was measured with CPU other cpu, this run with this cpu") != std::string::npos);
  CHECK(warnings.find("seed.json: python loop: noisy") != std::string::npos);

  std::ostringstream table;
  write_table(typed, false, table);
  CHECK(table.str().find("python loop [seed.json]") != std::string::npos);
}

TEST_CASE("a file of another element count warns and has no speedup") {
  benchmark_report typed = this_report();
  append_compared(typed, {compared_from_json("big.json", this_run(2000))});
  const json report = to_json(typed);
  CHECK(report["results"][1]["speedup_vs_loop"].is_null());
  CHECK(report["warnings"].dump().find("'big.json' measured 2000 x float64, this run 1000 x float64") !=
        std::string::npos);
}

TEST_CASE("a file of another element type, or a row of another K, has no speedup against this run's loop") {
  json other_type = this_run();
  other_type["environment"]["config"]["type"] = "float32";
  json other_k = this_run();
  other_k["results"][0]["work"] = 8; // a row of a --work 8 run: 8 times the work per element, not a slowdown
  benchmark_report typed = this_report();
  append_compared(typed, {compared_from_json("f32.json", other_type), compared_from_json("k8.json", other_k)});
  const json report = to_json(typed);
  REQUIRE(report["results"].size() == 4); // this run's loop and ceiling, then the two compared loops
  CHECK(report["results"][2]["speedup_vs_loop"].is_null());
  CHECK(report["results"][3]["speedup_vs_loop"].is_null());
  CHECK(report["results"][3]["work"].dump() == "8"); // a count stays an integer, never 8.0
  CHECK(report["results"][0]["work"].is_null());
  CHECK(report["warnings"].dump().find("'f32.json' measured 1000 x float32") != std::string::npos);
}

TEST_CASE("--compare-with is repeatable and comma-separated") {
  const char* args[] = {"policybench", "--compare-with", "a.json,b.json", "--compare-with", "c.json"};
  std::ostringstream out;
  const auto o = parse_options(args, out, report_format_names());
  REQUIRE(o);
  CHECK(o->compare_with == std::vector<std::string>{"a.json", "b.json", "c.json"});
  const char* empty[] = {"policybench", "--compare-with", ""};
  CHECK_THROWS_AS(parse_options(empty, out, report_format_names()), usage_error);
}
