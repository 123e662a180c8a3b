// A user's op on the device rows too: POLICYBENCH_DEVICE_OP(op), in a .cu file beside the op's POLICYBENCH_MAIN(op),
// has nvcc compile every device row's call for the op there and registers the rows, which POLICYBENCH_MAIN's
// executable then measures beside the host rows (cli/user_main.hpp). The op's struct is shared by both files, in a
// header of the user's (examples/my_op.hpp).
#pragma once

// An op whose call operator nvcc cannot call on the device (no POLICYBENCH_HOST_DEVICE) is an error, "calling a
// __host__ function from a __host__ __device__ function is not allowed", not nvcc's default warning and a wrong run.
#pragma nv_diag_error 20014

#include "measure/device_checks.cuh"
#include "policies/kernels.cuh"
#include "policies/registry.hpp"
#include "policies/thrust_device.cuh"
#include "policybench/user_op.hpp"

/// Compiles and registers the device rows of the op `op` (a type, as POLICYBENCH_MAIN takes it), in a .cu file; a
/// file may name several ops.
#define POLICYBENCH_DEVICE_OP(op) POLICYBENCH_DEVICE_OP_AS(op, __COUNTER__)
#define POLICYBENCH_DEVICE_OP_AS(op, n) POLICYBENCH_DEVICE_OP_NUMBERED(op, n) // expands __COUNTER__ before the ## below
#define POLICYBENCH_DEVICE_OP_NUMBERED(op, n) POLICYBENCH_DEVICE_OP_NAMED(op, policybench_device_op_##n)
#define POLICYBENCH_DEVICE_OP_NAMED(op, flag)                                                                          \
  [[maybe_unused]] static const bool flag =                                                                            \
      (::policybench::op_device_rows<op>() =                                                                           \
           &::policybench::device_rows<::policybench::one_workload<::policybench::user_workload<op>>>,                 \
       true);
