// policybench-mpi: the same harness on every rank of an MPI job; rank 0 writes the job's report (mpi/job.hpp).
#include "mpi/job.hpp"

#include <cstddef>

int main(int argc, char** argv) {
  const policybench::mpi_session job(argc, argv);
  return policybench::run_job(job, {argv, std::size_t(argc)});
}
