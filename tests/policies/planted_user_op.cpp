// A user's op planted wrong under one policy: y = 2.5 x + 1 on OpenMP's first thread, + 2 on any other, so that
// thrust::omp (the one host row on an OpenMP team) must be reported invalid and every other row validated.
#include <cli/user_main.hpp>

#include <omp.h>

struct wrong_off_openmp_main {
  double operator()(double x) const { return 2.5 * x + (omp_get_thread_num() == 0 ? 1.0 : 2.0); }
};

POLICYBENCH_MAIN(wrong_off_openmp_main)
