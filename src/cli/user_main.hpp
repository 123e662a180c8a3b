// A user's own element-wise op through every host policy in one line: POLICYBENCH_MAIN(my_op) makes an executable
// that takes policybench's options and reports the op's rows, each checked against the plain loop's result.
#pragma once

#include "cli/options.hpp"
#include "policies/policy_rows.hpp"
#include "policybench/user_op.hpp"

#include <string>
#include <utility>
#include <vector>

namespace policybench {

/// `rows`, each that could run listed unavailable for `why` instead.
inline std::vector<policy_entry> unavailable_for(std::vector<policy_entry> rows, const std::string& why) {
  for (policy_entry& row : rows)
    if (!row.unavailable) row.unavailable = why, row.measure = nullptr;
  return rows;
}

/// Op's device rows: those POLICYBENCH_DEVICE_OP(Op) in a .cu file had nvcc compile (policies/user_op_device.cuh),
/// else every device row unavailable, saying how to build them.
template <class Op> std::vector<policy_entry> user_device_rows(const device_info& device) {
  if (const device_rows_fn on_device = op_device_rows<Op>()) return on_device(device);
  return unavailable_for(device_rows(device),
                         "the op was compiled by the host compiler alone: POLICYBENCH_DEVICE_OP(op) "
                         "in a .cu file compiles it for the device rows (examples/user_op_device.cu)");
}

/// Every policy's row for Op: the host policies' calls are compiled here, in the user's translation unit; oneDPL's
/// are compiled in its own libraries, for the built-in workloads.
template <class Op> std::vector<policy_entry> user_op_rows(const device_info& device) {
  return policy_rows<one_workload<user_workload<Op>>>(
      unavailable_for(onedpl_rows(), "oneDPL runs the built-in workloads only (its own libraries: "
                                     "policies/onedpl_library.hpp)"),
      user_device_rows<Op>(device));
}

/// policybench's command line (benchmark_main) on Op, named `name` in the report.
template <class Op> int main(int argc, char** argv, std::string name) {
  using W = user_workload<Op>;
  return benchmark_main(argc, argv,
                        user_op_run{.op = {.name = std::move(name),
                                           .type = element_type_of<typename W::element>,
                                           .inputs = W::inputs,
                                           .shape = W::shape,
                                           .exact = W::exact,
                                           .flops = W::flops},
                                    .rows = user_op_rows<Op>});
}

} // namespace policybench

/// The executable's main for the op `op`, named as written.
#define POLICYBENCH_MAIN(op)                                                                                           \
  int main(int argc, char** argv) { return ::policybench::main<op>(argc, argv, #op); }
