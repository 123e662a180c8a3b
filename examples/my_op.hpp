// A user's own element-wise op, shared by its host rows (user_op.cpp) and its device rows (user_op_device.cu).
#pragma once
#include <policybench/user_op.hpp>

// y <- 2.5 x + 1, element by element: any trivially copyable function object of one or two elements.
struct my_op {
  static constexpr double flops = 2; // optional: its FLOPs per element, reported as the rows' GFLOP/s
  POLICYBENCH_HOST_DEVICE double operator()(double x) const { return 2.5 * x + 1.0; }
};
