// The JSON of an MPI job (policybench-mpi): its shape and placement, and a policy's per-rank figures.
#pragma once

#include "harness/result.hpp"

#include <nlohmann/json.hpp>

#include <vector>

namespace policybench {

/// {"ranks", "nodes", "scaling", "placement": [{"rank", "local_rank", "host", "cpus", "cpu_count", "device"}]}.
nlohmann::ordered_json mpi_json(const mpi_job& job);

/// [{"rank", "median_s", "gb_per_s", "validated"}] in rank order (figures: number or null).
nlohmann::ordered_json per_rank_json(const std::vector<rank_figures>& ranks);

} // namespace policybench
