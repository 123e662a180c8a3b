// Two users' ops for the device rows' test (test_device_policies.cpp): one of two inputs, right everywhere, and one
// planted wrong on the device alone, which every device row must report invalid: a user's op is checked against the
// op applied on the host, never against the device's own result. device_user_ops.cu compiles their device rows.
#pragma once

#include <policybench/user_op.hpp>

struct device_fma_op { // a x b + 1: the triad's shape
  POLICYBENCH_HOST_DEVICE double operator()(double a, double b) const { return a * b + 1.0; }
};

struct wrong_on_device_op {
  POLICYBENCH_HOST_DEVICE double operator()(double x) const {
#if defined(__CUDA_ARCH__)
    return 2.5 * x + 2.0;
#else
    return 2.5 * x + 1.0;
#endif
  }
};
