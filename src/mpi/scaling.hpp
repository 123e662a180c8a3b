// --scaling weak|strong: the one option policybench-mpi adds to policybench's, and what it does to --size.
#pragma once

#include <cstdint>
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

} // namespace policybench
