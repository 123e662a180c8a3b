// The summary above the table and in JSON: the answer's lines within 120 columns, before the table, and every
// field the JSON summary writes documented in README's schema.
#include <doctest/doctest.h>

#include "synthetic_run.hpp"

#include "harness/rules.hpp"
#include "report/report.hpp"

#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>

using namespace policybench;

namespace {

run_summary cache_summary() {
  run_summary s{.fastest = "std::par_unseq",
                .fastest_median_s = 1.9e-3,
                .fastest_low_s = 1.87e-3,
                .fastest_high_s = 1.93e-3,
                .loop_ran = true};
  for (const char* tied : {"std::par", "oneapi::dpl::par@tbb", "oneapi::dpl::par_unseq@tbb", "oneapi::dpl::par@omp",
                           "oneapi::dpl::par_unseq@omp", "tbb::parallel_for", "thrust::tbb", "thrust::omp"})
    s.tied_with_fastest.push_back(tied);
  s.speedup = parallel_speedup{"std::par_unseq", 1.19};
  s.regime = classify_regime(
      {{1'000'000, 120, 118, 121}, {80'000'000, 98, 97, 99}, {512'000'000, 49, 48, 50}, {1'024'000'000, 48, 47, 49}},
      1'024'000'000, 80'000'000, 32 << 20);
  return s;
}

} // namespace

TEST_CASE("a speedup of another row than the fastest says why that row: the fastest parallel one apart from loop") {
  run_summary s = cache_summary();
  s.fastest = "thrust::omp"; // faster at its median, its interval overlapping loop's
  s.speedup = parallel_speedup{"std::par_unseq", 1.84};
  const std::string second = std::regex_replace(summary_lines(s)[1], std::regex("\n  "), " ");
  CHECK(second.find("1.84x over loop (std::par_unseq, the fastest parallel row whose interval is apart from loop's)") !=
        std::string::npos);
  CHECK(second.find("intervals apart") == std::string::npos);
}

TEST_CASE("the summary says the winner, its ties, the speedup and the regime within 120 columns") {
  const auto lines = summary_lines(cache_summary());
  REQUIRE(lines.size() == 2);
  const auto unwrapped = [](const std::string& text) { // the words, as if on one line
    return std::regex_replace(text, std::regex("\n  "), " ");
  };
  const std::string first = unwrapped(lines[0]), second = unwrapped(lines[1]);
  // The median as the table prints it (four figures), not "1.9 ms" beside the table's "1.900 ms".
  CHECK(first.rfind("fastest: std::par_unseq (median 1.900 ms, 95% interval 1.870 ms to 1.930 ms); ", 0) == 0);
  CHECK(first.find("tied with it (intervals overlap, not ranked): std::par, ") != std::string::npos);
  CHECK(second.find("parallel speedup: 1.19x over loop (std::par_unseq, intervals apart)") != std::string::npos);
  CHECK(second.find("regime: CACHE, not memory: the 80 MB array") != std::string::npos);
  CHECK(second.find("STREAM's 4x rule on the reported 33.6 MB cache says cache") != std::string::npos);
  for (const auto& text : lines) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
      CHECK_MESSAGE(line.size() <= 120, line);
  }
}

TEST_CASE("a speedup that cannot be judged prints - with its reason") {
  run_summary s = cache_summary();
  s.speedup.reset(), s.speedup_unjudged = "loop has 1 counted timed call, a 95% interval needs 6";
  const auto lines = summary_lines(s);
  REQUIRE(lines.size() == 2);
  CHECK(lines[1].rfind("parallel speedup: - (loop has 1 counted timed call", 0) == 0);
}

TEST_CASE("an array point faster at its median but within the plateau's reach says unknown, with both figures") {
  run_summary s = cache_summary();
  s.regime = classify_regime({{1'000'000, 120, 118, 121},
                              {80'000'000, 108, 20, 110},
                              {512'000'000, 28, 27, 29},
                              {1'024'000'000, 28.6, 28, 29}},
                             1'024'000'000, 80'000'000, 32 << 20);
  REQUIRE(s.regime->why == unknown_reason::array_point_noisy);
  const auto lines = summary_lines(s);
  REQUIRE(lines.size() == 2);
  const std::string text = std::regex_replace(lines[1], std::regex("\n  "), " ");
  CHECK(text.find("regime: unknown") != std::string::npos);
  CHECK(text.find("the 80 MB array streamed 108.0 GB/s at its median, above the 28.3 GB/s plateau, but its interval "
                  "reaches down to 20.0") != std::string::npos);
  CHECK(text.find("memory:") == std::string::npos);
}

TEST_CASE("overlapping intervals say the speedup is not shown and why, never 'none' (which reads as 'does not pay')") {
  run_summary s = cache_summary();
  s.speedup.reset(); // loop and every parallel row have intervals, and they overlap
  const auto lines = summary_lines(s);
  REQUIRE(lines.size() == 2);
  CHECK(lines[1].rfind("parallel speedup: not shown (no parallel row's interval is apart from loop's", 0) == 0);
  CHECK(lines[1].find("none") == std::string::npos);
}

TEST_CASE("the JSON summary writes each figure under its own name: the interval's low end low, its high end high") {
  const run_summary s = cache_summary();
  const auto json = summary_json(s);
  CHECK(json["fastest_median_s"] == *s.fastest_median_s);
  CHECK(json["fastest_interval_low_s"] == *s.fastest_low_s);
  CHECK(json["fastest_interval_high_s"] == *s.fastest_high_s);
  CHECK(json["parallel_speedup"]["speedup_vs_loop"] == s.speedup->speedup_vs_loop);
}

TEST_CASE("no fastest row is named from rows under 6 counted calls: no 95% interval, no ranking") {
  measured_run run = synthetic_run();
  run.outcomes[0].result->in_place.warm_s = {2, 2.02, 1.98}; // loop's calls as every other row's: 3
  const benchmark_report report = to_report(std::move(run));
  const run_summary s = summarize_run(report.results, std::nullopt);
  CHECK_FALSE(s.fastest);
  CHECK(s.tied_with_fastest.empty());
  const auto lines = summary_lines(s);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "fastest: - (fast has 3 counted timed calls, a 95% interval needs 6 (a larger --reps or a "
                    "quieter machine gives more))"); // the count, --reps, ended their calls
  CHECK(lines[1].rfind("parallel speedup: - (loop has 3 counted timed calls", 0) == 0);
  CHECK(summary_json(s)["fastest"].is_null());
}

TEST_CASE("the table opens with the summary, before its header row") {
  benchmark_report report = to_report(synthetic_run());
  report.summaries = {cache_summary()};
  std::ostringstream out;
  write_table(report, false, out);
  const std::string text = out.str();
  const auto answer = text.find("\nfastest: std::par_unseq"), header = text.find("\npolicy ");
  REQUIRE(answer != std::string::npos);
  CHECK(answer < header);
  report.summaries.clear();
  std::ostringstream without;
  write_table(report, false, without);
  CHECK(without.str().find("fastest:") == std::string::npos);
}

TEST_CASE("every field the JSON summary writes is documented in README's schema") {
  std::ifstream in(POLICYBENCH_README);
  const std::string readme((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto open = readme.find("```", readme.find("## JSON schema")), close = readme.find("```", open + 3);
  const std::string schema = readme.substr(open, close - open);
  benchmark_report report = to_report(synthetic_run());
  report.summaries = {cache_summary()};
  const auto written = to_json(report);
  REQUIRE(written.contains("summary"));
  const auto& summary = written["summary"];
  CHECK(summary["tied_with_fastest"].size() == 8);
  CHECK(summary["regime"]["points"].size() == 4);
  CHECK(summary["regime"]["regime"] == "cache");
  for (const auto* object :
       {&summary, &summary["parallel_speedup"], &summary["regime"], &summary["regime"]["points"][0]})
    for (const auto& [name, value] : object->items())
      CHECK_MESSAGE(schema.find(name) != std::string::npos, name);
  // And the other way: every member README lists for the regime is written (points last, with its own members).
  const auto from = schema.find("regime: {") + 9, to = schema.find("points:", from);
  std::istringstream listed(std::regex_replace(schema.substr(from, to - from), std::regex(R"(\([^)]*\)|\|null)"), ""));
  int names = 0;
  for (std::string name; std::getline(listed >> std::ws, name, ',');) {
    name.erase(name.find_last_not_of(" \n") + 1);
    CHECK_MESSAGE(summary["regime"].contains(name), name);
    ++names;
  }
  CHECK(names >= 9);
  CHECK_FALSE(to_json(to_report(synthetic_run())).contains("summary")); // a sweep has none
}
