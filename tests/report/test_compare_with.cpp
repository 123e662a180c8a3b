// --compare-with: files that are not a report are refused with the file's name; a report's rows join this run's,
// marked with their source, with speedups against this run's loop and warnings where the runs differ.
#include <doctest/doctest.h>

#include "timed_calls_of.hpp"

#include "cli/options.hpp"
#include "cli/write_report.hpp"
#include "harness/results.hpp"
#include "harness/rules.hpp"
#include "report/compare_with.hpp"
#include "report/report.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

using namespace policybench;
using json = nlohmann::ordered_json;
namespace fs = std::filesystem;

namespace {

// A file under the system's temporary directory holding `text`, removed when the test ends.
struct temp_file {
  fs::path path;
  explicit temp_file(const std::string& text)
      : path(fs::temp_directory_path() / ("policybench-compare-" + std::to_string(::getpid()) + "-" +
                                          std::to_string(reinterpret_cast<std::uintptr_t>(this)) + ".json")) {
    std::ofstream(path) << text;
  }
  ~temp_file() { fs::remove(path); }
  temp_file(const temp_file&) = delete;
  temp_file& operator=(const temp_file&) = delete;
};

// This run: float64 x 1000, a loop of 2 s median and a host copy ceiling of 0.5 s.
benchmark_report this_report(std::uint64_t size = 1000) {
  measured_run r;
  r.config = run_config{element_type::float64, size, 1, 3};
  r.host.pstl_backend = "oneTBB";
  r.host.cpu_model = "this cpu";
  r.device.unavailable = "test: no device";
  r.host_ceiling = host_ceilings{calls_of(0.1, {0.5}, {}, 0, 0), {}, {}, 0, 0, {}};
  measurement loop;
  loop.in_place.cold_s = 2;
  loop.in_place.warm_s = {2, 2, 2};
  r.outcomes.push_back({"loop", "host", "plain for loop", std::nullopt, std::nullopt, loop});
  return to_report(r);
}

json this_run(std::uint64_t size = 1000) { return to_json(this_report(size)); }

std::string refusal(const std::string& text) {
  const temp_file file(text);
  try {
    read_compared({file.path.string()});
  } catch (const unusable_report& e) {
    const std::string message = e.what();
    CHECK(message.find("'" + file.path.string() + "': ") == 0);
    return message;
  }
  FAIL("accepted: " << text);
  return "";
}

} // namespace

TEST_CASE("read_compared refuses what is not a report, naming the file and the flaw") {
  CHECK_THROWS_WITH_AS(read_compared({"/nonexistent/seed.json"}), "'/nonexistent/seed.json': no such file",
                       unusable_report);
  CHECK_THROWS_WITH_AS(read_compared({"/dev/null"}), "'/dev/null': is not a regular file (a device, FIFO or socket)",
                       unusable_report);
  CHECK_THROWS_AS(read_compared({fs::temp_directory_path().string()}), unusable_report);
  CHECK(refusal("{ not json").find("not JSON") != std::string::npos);
  CHECK(refusal("[1, 2]").find("expected a JSON object") != std::string::npos);
  CHECK(refusal(R"({"results": []})").find("/environment/config/size") != std::string::npos);
  json report = this_run();
  report["results"][0]["median_s"] = "fast";
  CHECK(refusal(report.dump()).find("/results/0/median_s is string, expected a number >= 0 or null") !=
        std::string::npos);
  report = this_run();
  report["results"][0].erase("validated");
  CHECK(refusal(report.dump()).find("no /results/0/validated") != std::string::npos);
  report = this_run();
  report["results"][0]["status"] = "unavailable";
  CHECK(refusal(report.dump()).find("/results/0/reason is null") != std::string::npos);
  report["results"][0]["status"] = "great";
  CHECK(refusal(report.dump()).find("/results/0/status") != std::string::npos);
}

TEST_CASE("a policybench report is accepted as it is written") {
  const temp_file file(this_run().dump(2));
  const auto compared = read_compared({file.path.string()});
  REQUIRE(compared.size() == 1);
  CHECK(compared[0].path == file.path.string());
  REQUIRE(compared[0].rows.size() == 1);
  CHECK(compared[0].rows[0].policy == "loop");
  CHECK(source_of(compared[0].rows[0]) == file.path.string());
}

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
  REQUIRE(report["results"].size() == 2);
  const json& own = report["results"][0];
  const json& joined = report["results"][1];
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

TEST_CASE("a compared row's extras are figures >= 0, null or text without control characters") {
  json report = this_run();
  report["results"][0]["imbalance"] = -1;
  CHECK(refusal(report.dump()).find("/results/0/imbalance is number, expected a number >= 0 or null") !=
        std::string::npos);
  report["results"][0]["imbalance"] = "1.2\n";
  CHECK(refusal(report.dump()).find("/results/0/imbalance is string, expected a string without control") !=
        std::string::npos);
  report["results"][0]["imbalance"] = nullptr;
  report["results"][0]["source"] = "old.json";
  const temp_file file(report.dump());
  const result_row row = read_compared({file.path.string()})[0].rows[0];
  CHECK_FALSE(extra_figure(row, "imbalance"));
  REQUIRE(find_extra(row, "imbalance"));
  CHECK(source_of(row) == "old.json"); // a row's own source stays
}

TEST_CASE("a file of another element count warns and has no speedup") {
  benchmark_report typed = this_report();
  append_compared(typed, {compared_from_json("big.json", this_run(2000))});
  const json report = to_json(typed);
  CHECK(report["results"][1]["speedup_vs_loop"].is_null());
  CHECK(report["warnings"].dump().find("'big.json' measured 2000 x float64, this run 1000 x float64") !=
        std::string::npos);
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

TEST_CASE(
    "a report without the newer row fields (an older policybench, seed_compare.py) is read, new ones round-trip") {
  json report = this_run();
  json& row = report["results"][0];
  REQUIRE(row.contains("samples_s"));
  const auto samples = row["samples_s"].get<std::vector<double>>();
  {
    const temp_file file(report.dump());
    const auto read = read_compared({file.path.string()});
    CHECK(read[0].rows[0].samples_s == samples);
  }
  for (const char* key : {"samples_s", "median_ci_low_s", "median_ci_high_s", "median_ci_confidence",
                          "effective_parallelism", "huge_page_bytes", "no_kernel_time_reason", "sm_clock_before_mhz",
                          "sm_clock_after_mhz", "memory_clock_before_mhz", "memory_clock_after_mhz"})
    row.erase(key);
  const temp_file file(report.dump());
  const auto read = read_compared({file.path.string()});
  CHECK(read[0].rows[0].samples_s.empty());
  CHECK_FALSE(read[0].rows[0].median_ci_low_s);
  row["samples_s"] = json::array({1, "two"});
  CHECK(refusal(report.dump()).find("/results/0/samples_s is array, expected an array of numbers") !=
        std::string::npos);
}
