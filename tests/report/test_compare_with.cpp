// --compare-with's reading: files that are not a report are refused with the file's name and the flaw; a report
// as policybench writes it, extras and reports without the newer row fields are read.
#include <doctest/doctest.h>

#include "report/compared_files.hpp"

#include "report/compare_with.hpp"

#include <filesystem>
#include <string>
#include <vector>

using namespace policybench;
using json = nlohmann::ordered_json;
namespace fs = std::filesystem;

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
  report = this_run();
  report["results"][0]["device"] = "gpu";
  CHECK(refusal(report.dump()).find("/results/0/device is not host or device") != std::string::npos);
  report = this_run();
  report["results"][0]["role"] = "baseline";
  CHECK(refusal(report.dump()).find("/results/0/role is not policy or ceiling") != std::string::npos);
  report["results"][0]["role"] = "ceiling";
  report["results"][0]["bounds"] = "memory";
  CHECK(refusal(report.dump()).find("/results/0/bounds is not none, bandwidth or compute") != std::string::npos);
}

TEST_CASE("a policybench report is accepted as it is written") {
  const temp_file file(this_run().dump(2));
  const auto compared = read_compared({file.path.string()});
  REQUIRE(compared.size() == 1);
  CHECK(compared[0].path == file.path.string());
  REQUIRE(compared[0].rows.size() == 2);
  CHECK(compared[0].rows[0].policy == "loop");
  CHECK(compared[0].rows[0].device == side::host);
  CHECK(compared[0].rows[1].role == stream_role::ceiling); // read as written; joining leaves another run's ceilings out
  CHECK(source_of(compared[0].rows[0]) == file.path.string());
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
