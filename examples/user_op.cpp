// A user's own element-wise op through every host policy: the op and one line make an executable that takes
// policybench's options (--size, --reps, --format, --policies, --budget...) and checks each row against the plain loop.
#include <cli/user_main.hpp>

// y <- 2.5 x + 1, element by element: any trivially copyable function object of one or two elements.
struct my_op {
  static constexpr double flops = 2; // optional: its FLOPs per element, reported as the rows' GFLOP/s
  POLICYBENCH_HOST_DEVICE double operator()(double x) const { return 2.5 * x + 1.0; }
};

POLICYBENCH_MAIN(my_op)
