// A user's own element-wise op through every host policy: the op and one line make an executable that takes
// policybench's options (--size, --reps, --format, --policies, --budget...) and checks each row against the plain loop;
// its device rows come from user_op_device.cu, where nvcc builds it.
#include "my_op.hpp"
#include <cli/user_main.hpp>

POLICYBENCH_MAIN(my_op)
