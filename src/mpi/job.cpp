// The MPI job: session, and errors that end every rank.
#include "mpi/job.hpp"

#include "cli/options.hpp"

#include <cstdlib>
#include <string>

#include <unistd.h>

namespace policybench {

mpi_session::mpi_session(int& argc, char**& argv) {
  MPI_Init(&argc, &argv);
  // MPI's default handler aborts on an MPI error; return codes are not checked further.
  MPI_Comm_rank(world, &rank);
  MPI_Comm_size(world, &ranks);
  MPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &local_rank);
  const int leader = local_rank == 0 ? 1 : 0;
  MPI_Allreduce(&leader, &nodes, 1, MPI_INT, MPI_SUM, world);
}

mpi_session::~mpi_session() {
  MPI_Comm_free(&node);
  MPI_Finalize();
}

void print_rank_error(int rank, std::string_view error) {
  // One write: a line written in pieces (std::cerr is unbuffered) lets Open MPI's abort banner land in its middle.
  const std::string line = "policybench-mpi: rank " + std::to_string(rank) + ": error: " + one_line(error) + '\n';
  (void)!::write(STDERR_FILENO, line.data(), line.size());
}

void abort_job(const mpi_session& job, std::string_view error) {
  print_rank_error(job.rank, error);
  MPI_Abort(job.world, 1);
  std::abort(); // MPI_Abort does not return; the compiler does not know it
}

std::optional<rank_error> first_error(const mpi_session& job, const std::optional<std::string>& mine) {
  const int candidate = mine ? job.rank : job.ranks;
  int first = job.ranks;
  MPI_Allreduce(&candidate, &first, 1, MPI_INT, MPI_MIN, job.world);
  if (first == job.ranks) return std::nullopt;
  std::string text = first == job.rank ? *mine : std::string();
  int length = int(text.size());
  MPI_Bcast(&length, 1, MPI_INT, first, job.world);
  text.resize(std::size_t(length));
  MPI_Bcast(text.data(), length, MPI_CHAR, first, job.world);
  return rank_error{.rank = first, .text = std::move(text)};
}

} // namespace policybench
