// Other runs beside this one: --compare-with files opened (what is not a readable regular file of JSON is refused by
// name before parsing), their rows appended, with the figures that compare against this run recomputed by the same
// rules as this run's own.
#include "report/compare_with.hpp"

#include "harness/ceiling_rows.hpp"
#include "harness/roofline.hpp"
#include "harness/rules.hpp"

#include <filesystem>
#include <fstream>

namespace policybench {

std::optional<std::string> source_of(const result_row& row) { return extra_text(row, "source"); }

extra source_extra(std::string path) { return {.name = "source", .value = std::move(path)}; }

void append_compared(benchmark_report& report, const std::vector<compared_report>& compared) {
  if (compared.empty()) return;
  const environment_info& env = report.environment;
  const result_row* own_loop = loop_baseline(report.results);
  const std::optional<result_row> loop = own_loop ? std::optional(*own_loop) : std::nullopt; // rows move below
  const std::string size = env.config.size ? std::to_string(*env.config.size) : "null";
  for (const auto& c : compared) {
    const bool same_work = env.config.size == c.size && env.config.type == c.type;
    if (!same_work)
      report.warnings.push_back("'" + c.path + "' measured " + std::to_string(c.size) + " x " + c.type + ", this run " +
                                size + " x " + env.config.type + ": its rows have no speedup against this run's loop");
    if (c.cpu_model && *c.cpu_model != env.host.cpu_model)
      report.warnings.push_back("'" + c.path + "' was measured with CPU " + *c.cpu_model + ", this run with " +
                                env.host.cpu_model + ": compare its rows with care");
    for (const auto& w : c.warnings)
      report.warnings.push_back(c.path + ": " + w);
    for (result_row row : c.rows) {
      if (!is_policy(row)) continue; // another run's ceilings bound its own rows, not this run's
      // Against a loop of the same K only: more work per element is no slowdown of the policy.
      row.speedup_vs_loop =
          same_work && loop && work_of(row) == work_of(*loop) ? speedup_vs_loop(row, &*loop) : figure();
      if (!row.pct_of_ceiling) row.pct_of_ceiling = pct_of_ceiling(row, report.results), row.above_ceiling = {};
      if (!row.above_ceiling) row.above_ceiling = above_ceiling(row, report.results);
      report.results.push_back(std::move(row));
    }
  }
}

std::vector<compared_report> read_compared(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<compared_report> out;
  for (const auto& path : paths) {
    const auto refuse = [&](const char* why) { throw unusable_report("'" + path + "': " + why); };
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!fs::exists(status)) refuse("no such file");
    if (fs::is_directory(status)) refuse("is a directory");
    if (!fs::is_regular_file(status)) refuse("is not a regular file (a device, FIFO or socket)");
    // The same report twice would double its rows and read as two runs that agree: refused, whatever the spelling.
    for (std::size_t i = 0; &paths[i] != &path; ++i)
      if (fs::equivalent(paths[i], path, ec))
        throw unusable_report("'" + path + "': the same file as '" + paths[i] + "', given twice");
    std::ifstream file(path);
    if (!file) refuse("cannot be read");
    const auto doc = nlohmann::ordered_json::parse(file, nullptr, false);
    if (doc.is_discarded()) refuse("not JSON (a policybench --format json report is expected)");
    out.push_back(compared_from_json(path, doc));
  }
  return out;
}

} // namespace policybench
