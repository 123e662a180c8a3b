// The MPI job: session, errors that end every rank, and the checks on every rank before any allocation, so that bad
// input one rank alone sees is a usage error, not a hang.
#include "mpi/job.hpp"

#include "harness/run.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <sstream>
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

namespace {

// This rank's element count: `size` under weak scaling; under strong scaling `size` split evenly, the first
// size mod ranks ranks taking one element more.
std::uint64_t rank_size(scaling_kind scaling, std::uint64_t size, int rank, int ranks) {
  if (scaling == scaling_kind::weak) return size;
  const auto n = std::uint64_t(ranks), r = std::uint64_t(rank);
  return size / n + (r < size % n ? 1 : 0);
}

// Each rank would judge time, noise, its budget and its disturbed calls on its own and stop after its own count of
// calls, and the barrier before each call would then pair different calls (or hang): every rank makes the same fixed
// count, disturbed calls included (they are still counted and reported).
void refuse_unsteady_options(const CLI::App& app) {
  const auto given = [&](std::initializer_list<const char*> names) {
    return std::any_of(names.begin(), names.end(), [&](const char* name) { return app.count(name) > 0; });
  };
  if (given({"--sweep"}))
    throw usage_error("--sweep: not in policybench-mpi; scripts/mpi_scaling.sh runs a series of rank counts");
  if (given({"--max-noise", "--min-time", "--timeout", "--budget"}))
    throw usage_error("--max-noise, --min-time, --timeout, --budget: not in policybench-mpi, whose ranks must make "
                      "the same number of calls; give --reps");
  // The job runs each policy to its count before the next (run_policies), all ranks in step: no rounds to order.
  if (given({"--order", "--seed", "--repetitions"}))
    throw usage_error(
        "--order, --seed, --repetitions: not in policybench-mpi, which runs the policies one after another");
}

} // namespace

bool prepare(const mpi_session& job, std::span<const char* const> args, rank_setup& s) {
  // First, so that a rank given --help or --version that others were not still meets the disagreement check.
  std::string line;
  for (const char* a : args.subspan(1))
    line += std::string(a) + '\0';
  s.command_line_hash = std::hash<std::string>{}(line);
  const auto mpi_options = [&](CLI::App& app) { // --scaling, and the options no rank may take here
    add_choice(app, "--scaling", s.scaling, scaling_names,
               "weak (--size elements per rank, the default) or strong (--size in total, split evenly)")
        ->type_name("KIND");
    app.footer("policybench-mpi: --reps defaults to 10 here; --max-noise, --min-time, --timeout, --budget, --order, "
               "--seed and --sweep are refused (every rank makes the same calls, one policy after another)");
    app.final_callback([&app] { refuse_unsteady_options(app); });
  };
  std::ostringstream elsewhere; // --help and --version: printed by rank 0 alone
  const auto opts = parse_options(args, job.rank == 0 ? std::cout : elsewhere, report_format_names(), mpi_options);
  if (!opts) return false;
  s.opts = *opts;
  if (s.opts.default_stopping) s.opts.run.stop.max_noise = 0, s.opts.run.stop.reps = default_reps;
  s.opts.order.budget = {}, s.opts.run.keep_disturbed = true;
  s.opts.run.size = rank_size(s.scaling, s.opts.run.size, job.rank, job.ranks);
  if (job.rank == 0 && s.opts.output && !is_standard_output(*s.opts.output)) s.file.emplace(*s.opts.output);
  s.device = query_device(job.local_rank);
  s.selected = registry(s.device);
  if (s.opts.list_policies) return true;
  s.selected =
      or_usage_error<unknown_policy>("--policies: ", [&] { return select_policies(s.selected, s.opts.policies); });
  or_usage_error<insufficient_memory>("--size: this rank's ", [&] {
    or_usage_error<unstartable_threads>("", [&] { check_resources(s.opts.run, s.opts.threads, s.selected, s.device); });
  });
  return true;
}

std::optional<std::string> disagreement(const mpi_session& job, const rank_setup& s) {
  unsigned long long facts[2] = {s.command_line_hash, s.device.unavailable ? 0ull : 1ull};
  MPI_Bcast(facts, 2, MPI_UNSIGNED_LONG_LONG, 0, job.world);
  if (facts[0] != s.command_line_hash)
    return "its command line differs from rank 0's: every rank must run the same options";
  if (facts[1] != (s.device.unavailable ? 0ull : 1ull))
    return s.device.unavailable ? "no usable GPU (" + *s.device.unavailable + "), but rank 0 has one"
                                : "a usable GPU, but rank 0 has none: every rank must run the same policies";
  return std::nullopt;
}

} // namespace policybench
