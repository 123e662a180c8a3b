// The device rows of device_user_ops.hpp's ops, as a user's .cu file registers them.
#include "device_user_ops.hpp"

#include <policies/user_op_device.cuh>

POLICYBENCH_DEVICE_OP(device_fma_op)
POLICYBENCH_DEVICE_OP(wrong_on_device_op)
