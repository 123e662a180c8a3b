// The --compare-with tests' material: this run's report, and a file holding a report that may be refused.
#pragma once

#include <doctest/doctest.h>

#include "ceiling_outcome.hpp"

#include "harness/run.hpp"
#include "report/compare_with.hpp"
#include "report/report.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include <unistd.h>

namespace policybench {

// A file under the system's temporary directory holding `text`, removed when the test ends.
struct temp_file {
  std::filesystem::path path;
  explicit temp_file(const std::string& text)
      : path(std::filesystem::temp_directory_path() /
             ("policybench-compare-" + std::to_string(::getpid()) + "-" +
              std::to_string(reinterpret_cast<std::uintptr_t>(this)) + ".json")) {
    std::ofstream(path) << text;
  }
  ~temp_file() { std::filesystem::remove(path); }
  temp_file(const temp_file&) = delete;
  temp_file& operator=(const temp_file&) = delete;
};

// This run: float64 x 1000, a loop of 2 s median and a host copy ceiling of 0.5 s.
inline benchmark_report this_report(std::uint64_t size = 1000) {
  measured_run r;
  r.config = run_config{element_type::float64, size, 1, 3};
  r.host.pstl_backend = "oneTBB";
  r.host.cpu_model = "this cpu";
  r.device.unavailable = "test: no device";
  measurement loop;
  loop.in_place.cold_s = 2;
  loop.in_place.warm_s = {2, 2, 2};
  r.outcomes.push_back({"loop", side::host, "plain for loop", std::nullopt, std::nullopt, loop});
  r.outcomes.push_back(host_ceiling({0.5, 0.5, 0.52, 0.5, 0.55, 0.5})); // median and best 0.5 s, an interval
  return to_report(r);
}

inline nlohmann::ordered_json this_run(std::uint64_t size = 1000) { return to_json(this_report(size)); }

inline std::string refusal(const std::string& text) {
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

} // namespace policybench
