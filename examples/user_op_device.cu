// The op of user_op.cpp through every device policy: nvcc compiles each device row's call for it here, and the
// executable that POLICYBENCH_MAIN(my_op) makes measures them beside the host rows.
#include "my_op.hpp"
#include <policies/user_op_device.cuh>

POLICYBENCH_DEVICE_OP(my_op)
