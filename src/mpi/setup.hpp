// What every rank of a policybench-mpi job checks before anything is allocated: its options (--scaling, the one
// option policybench-mpi adds, read before CLI11 sees the rest, so that the plain policybench's parser stays free of
// MPI options), its share of the elements, its device, the memory its run needs; then that all ranks agree.
#pragma once

#include "cli/options.hpp"
#include "cli/output_file.hpp"
#include "mpi/job.hpp"
#include "policies/registry.hpp"
#include "report/compare_with.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace policybench {

struct scaling_option {
  std::string scaling = "weak";  ///< "weak": --size elements per rank; "strong": --size in total
  std::vector<const char*> rest; ///< the other arguments, for parse_options (args[0] first)
};

/// Takes "--scaling X" or "--scaling=X" out of `args`. Throws usage_error for a value other than weak or strong,
/// a missing value, or the option given twice.
scaling_option take_scaling(std::span<const char* const> args);

/// This rank's element count: `size` under weak scaling; under strong scaling `size` split evenly, the first
/// size mod ranks ranks taking one element more.
std::uint64_t rank_size(const std::string& scaling, std::uint64_t size, int rank, int ranks);

/// The lines --help adds for --scaling.
inline constexpr const char* scaling_help =
    "policybench-mpi:\n  --scaling TEXT              weak: --size elements per rank (default); strong: --size in "
    "total, split evenly\n  --reps defaults to 10 here; --max-noise, --min-time, --timeout, --budget, --order, --seed "
    "and --sweep are refused (every rank makes the same calls, one policy after another)\n";

/// One rank's checked inputs. `opts.run.size` is this rank's element count (rank_size).
struct rank_setup {
  options opts;
  std::string scaling;
  std::size_t command_line_hash = 0;
  device_info device;
  std::vector<policy_entry> selected; ///< empty with --list-policies (rank 0 lists `all` instead)
  std::vector<policy_entry> all;
  std::vector<compared_report> compared; ///< rank 0 only
  std::optional<output_file> file;       ///< rank 0 only
};

/// Not collective: fills `s` from `args`: parses them (rank 0 prints --help or --version; then false), reads
/// --compare-with and opens
/// --output on rank 0, queries the device (local rank mod device count), selects the policies and checks the
/// memory this rank's share needs. Throws usage_error naming the option for bad input (--sweep is refused: a
/// series of rank counts is scripts/mpi_scaling.sh's).
bool prepare(const mpi_session& job, std::span<const char* const> args, rank_setup& s);

/// Collective: why this rank cannot join rank 0's run (a different command line, a device rank 0 has and it has
/// not, or the reverse), or nullopt.
std::optional<std::string> disagreement(const mpi_session& job, const rank_setup& s);

} // namespace policybench
