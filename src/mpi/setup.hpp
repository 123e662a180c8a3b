// What every rank of a policybench-mpi job checks before anything is allocated: its options (--scaling, the one
// option policybench-mpi adds, handed to the plain parser by parse_options's hook, so that the plain policybench's
// stays free of MPI options), its share of the elements, its device, the memory its run needs; then that all ranks
// agree.
#pragma once

#include "cli/options.hpp"
#include "cli/output_file.hpp"
#include "mpi/job.hpp"
#include "policies/registry.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace policybench {

/// --scaling: weak, --size elements per rank; strong, --size in total, split evenly.
enum class scaling_kind { weak, strong };
inline constexpr enum_name<scaling_kind> scaling_names[] = {{scaling_kind::weak, "weak"},
                                                            {scaling_kind::strong, "strong"}};

/// One rank's checked inputs. `opts.run.size` is this rank's element count.
struct rank_setup {
  options opts;
  scaling_kind scaling = scaling_kind::weak;
  std::size_t command_line_hash = 0;
  device_info device;
  std::vector<policy_entry> selected; ///< with --list-policies, every row of the registry (rank 0 lists them)
  std::optional<output_file> file;    ///< rank 0 only
};

/// Not collective: fills `s` from `args`: parses them (rank 0 prints --help or --version; then false), opens
/// --output on rank 0, queries the device (local rank mod device count), selects the policies and checks the memory
/// this rank's share needs. Throws usage_error naming the option for bad input (--sweep is refused: a series of rank
/// counts is scripts/mpi_scaling.sh's).
bool prepare(const mpi_session& job, std::span<const char* const> args, rank_setup& s);

/// Collective: why this rank cannot join rank 0's run (a different command line, a device rank 0 has and it has
/// not, or the reverse), or nullopt.
std::optional<std::string> disagreement(const mpi_session& job, const rank_setup& s);

} // namespace policybench
