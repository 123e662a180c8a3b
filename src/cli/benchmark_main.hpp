// policybench's command line as a function: the policybench executable calls it on the registry, a user's executable
// on its own op's rows (cli/user_main.hpp).
#pragma once

#include "machine/device_info.hpp"
#include "measure/run_config.hpp"
#include "policies/registry.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace policybench {

/// A user's op for benchmark_main: its name in the report, the element type it takes, the shape of its arrays
/// (user_workload::shape), and its rows.
struct user_op_run {
  std::string name;
  element_type type;
  workload_id shape;
  std::function<std::vector<policy_entry>(const device_info&)> rows;
};

/// Parses the options in argv (README "Command line"), measures the registry's rows, or `user`'s, and delivers the
/// report. Returns the exit status: 0 when every policy that ran validated, 1 when one failed validation or a run-time
/// error stopped the run (said on stderr), 2 for bad input; a run Ctrl-C ended ends by SIGINT once its report is out.
int benchmark_main(int argc, char** argv, const std::optional<user_op_run>& user = std::nullopt);

} // namespace policybench
