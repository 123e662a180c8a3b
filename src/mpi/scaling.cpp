// --scaling, read before CLI11 sees the rest, so that the plain policybench's parser stays free of MPI options.
#include "mpi/scaling.hpp"

#include "cli/options.hpp"

#include <string_view>
#include <utility>

namespace policybench {

scaling_option take_scaling(std::span<const char* const> args) {
  scaling_option out;
  bool given = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    std::string_view value;
    if (arg == "--scaling") {
      if (i + 1 == args.size()) throw usage_error("--scaling: needs a value, weak or strong");
      value = args[++i];
    } else if (arg.starts_with("--scaling=")) {
      value = arg.substr(10);
    } else {
      out.rest.push_back(args[i]);
      continue;
    }
    if (std::exchange(given, true)) throw usage_error("--scaling: given twice");
    if (value != "weak" && value != "strong")
      throw usage_error("--scaling: '" + std::string(value) + "' is not one of weak, strong");
    out.scaling = value;
  }
  return out;
}

std::uint64_t rank_size(const std::string& scaling, std::uint64_t size, int rank, int ranks) {
  if (scaling == "weak") return size;
  const auto n = std::uint64_t(ranks), r = std::uint64_t(rank);
  return size / n + (r < size % n ? 1 : 0);
}

} // namespace policybench
