// The harness: options -> registry -> ceilings and runs -> report. Exit status: 0 when every policy that ran
// validated, 1 when one failed validation or a run-time error stopped the run, 2 for bad input.
#include "harness/crossover.hpp"
#include "report/compare_with.hpp"
#include "cli/options.hpp"
#include "cli/output_file.hpp"
#include "report/report.hpp"
#include "harness/results.hpp"
#include "harness/run.hpp"
#include "harness/sweep.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <iostream>
#include <new>
#include <optional>

namespace {

int run(int argc, char** argv) {
  using namespace policybench;
  const auto opts = parse_options({argv, std::size_t(argc)}, std::cout);
  if (!opts) return 0;
  const auto compared = read_compared(opts->compare_with); // bad files are usage errors, before any measurement
  std::optional<output_file> file;
  if (opts->output) file.emplace(*opts->output);
  device_info device = query_device();
  auto all = registry(device);
  if (opts->list_policies) {
    write_policy_list(all, file ? file->stream() : std::cout);
    if (file) file->commit();
    return 0;
  }
  const auto selected = [&] {
    try {
      return select_policies(std::move(all), opts->policies);
    } catch (const unknown_policy& e) {
      throw usage_error(std::string("--policies: ") + e.what());
    }
  }();
  if (opts->sweep != sweep_kind::size) check_memory(opts->run, selected, device);
  auto report = opts->sweep == sweep_kind::none ? to_json(run_policies(*opts, query_host(), std::move(device), selected))
                                                : run_sweep(*opts, query_host(), device, selected);
  // The exit status speaks for this run only, not for the rows of compared files.
  const bool all_valid = std::none_of(report["results"].begin(), report["results"].end(), [](const auto& r) {
    return r["status"] == "invalid" || r["status"] == "failed";
  });
  append_compared(report, compared);
  write_report(report, opts->format, file ? file->stream() : std::cout);
  if (opts->format == output_format::csv)
    for (const auto& w : report["warnings"]) std::cerr << "warning: " << w.get<std::string>() << '\n';
  if (file) file->commit();
  // The table carries the crossovers in its footer; whoever gets JSON, CSV or a file should still read them.
  const bool table_on_screen = !file && (opts->format == output_format::table || opts->format == output_format::markdown);
  if (report.contains("crossovers") && report["crossovers"].is_object() && !table_on_screen)
    for (const auto& line : crossover_summary(report["crossovers"])) std::cerr << "crossover: " << line << '\n';
  return all_valid ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const policybench::usage_error& e) {
    std::cerr << "policybench: error: " << e.what() << '\n';
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "policybench: error: out of host memory (std::bad_alloc); a smaller --size needs less\n";
  } catch (const std::exception& e) {
    std::cerr << "policybench: error: " << e.what() << '\n';
  }
  return 1;
}
