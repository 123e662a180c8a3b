// A row's statistics from varied samples, through to_report and every writer that carries them: with identical
// samples min, median and mean coincide, and a figure taken for another would pass unseen.
#include <doctest/doctest.h>

#include "harness/run.hpp"
#include "report/report.hpp"

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

using namespace policybench;
using json = nlohmann::ordered_json;

namespace {

// One host row of 7 timed calls, unordered: min 1, median 3, mean 4, max 12.
const std::vector<double> warm_s{3, 1, 12, 2, 4, 5, 1};

benchmark_report report_of(std::vector<double> samples) {
  measured_run r;
  r.config = run_config{element_type::float64, 1000, 1, {int(samples.size())}};
  r.host_concurrency = 2;
  r.device.unavailable = "test: no device";
  measurement m;
  m.in_place.cold_s = 20;
  m.in_place.warm_s = std::move(samples);
  r.outcomes.push_back({{"loop", side::host, "test", std::nullopt, {}}, std::nullopt, m});
  return to_report(r);
}

} // namespace

TEST_CASE("min, median, mean, stddev and cv of a row come from its own varied samples") {
  double squares = 0;
  for (const double x : warm_s)
    squares += (x - 4) * (x - 4);
  const double stddev = std::sqrt(squares / 6);
  const benchmark_report report = report_of(warm_s);
  const result_row& r = report.results.at(0);
  CHECK(*r.min_s == 1);
  CHECK(*r.median_s == 3);
  CHECK(*r.mean_s == doctest::Approx(4));
  CHECK(*r.stddev_s == doctest::Approx(stddev));
  CHECK(*r.cv == doctest::Approx(stddev / 4));
  CHECK(*r.cold_s == 20);
  CHECK(r.samples_s == warm_s);
  CHECK(*r.gb_per_s == doctest::Approx(2.0 * 1000 * 8 / 1e9 / 3)); // from the median, not the min or the mean

  const json j = to_json(report_of(warm_s))["results"][0];
  CHECK(j["min_s"].get<double>() == 1);
  CHECK(j["median_s"].get<double>() == 3);
  CHECK(j["mean_s"].get<double>() == doctest::Approx(4));
  CHECK(j["stddev_s"].get<double>() == doctest::Approx(stddev));

  std::ostringstream gbench;
  write_gbench(report_of(warm_s), query_run_context(), gbench);
  const json g = json::parse(gbench.str());
  int checked = 0;
  for (const auto& b : g["benchmarks"]) {
    if (b.value("run_type", "") != "aggregate") continue;
    const std::string unit = b["time_unit"], name = b["aggregate_name"];
    const double t = b["real_time"].get<double>() / (unit == "ns" ? 1e9 : unit == "us" ? 1e6 : unit == "ms" ? 1e3 : 1);
    CAPTURE(name);
    if (name == "mean") {
      CHECK(t == doctest::Approx(4));
      ++checked;
    }
    if (name == "median") {
      CHECK(t == doctest::Approx(3));
      ++checked;
    }
    if (name == "stddev") {
      CHECK(t == doctest::Approx(stddev));
      ++checked;
    }
  }
  CHECK(checked == 3);
}
