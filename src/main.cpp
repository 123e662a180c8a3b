// The harness: options -> registry -> ceilings and runs -> report. Exit status: 0 when every policy that ran
// validated, 1 when one failed validation or a run-time error stopped the run, 2 for bad input.
#include "policybench/options.hpp"
#include "policybench/output_file.hpp"
#include "policybench/report.hpp"
#include "policybench/results.hpp"
#include "policybench/run.hpp"

#include <fmt/format.h>

#include <exception>
#include <iostream>
#include <new>
#include <optional>

namespace {

int run(int argc, char** argv) {
  using namespace policybench;
  const auto opts = parse_options({argv, std::size_t(argc)}, std::cout);
  if (!opts) return 0;
  std::optional<output_file> file;
  if (opts->output) file.emplace(*opts->output);
  device_info device = query_device();
  auto registry = all_policies(device);
  if (opts->list_policies) {
    write_policy_list(registry, file ? file->stream() : std::cout);
    if (file) file->commit();
    return 0;
  }
  const auto selected = select_policies(std::move(registry), opts->policies);
  check_memory(opts->run, selected, device);
  const auto report = to_json(run_policies(*opts, query_host(), std::move(device), selected));
  write_report(report, opts->format, file ? file->stream() : std::cout);
  if (opts->format == output_format::csv)
    for (const auto& w : report["warnings"]) std::cerr << "warning: " << w.get<std::string>() << '\n';
  if (file) file->commit();
  for (const auto& r : report["results"])
    if (r["status"] == "invalid" || r["status"] == "failed") return 1;
  return 0;
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
