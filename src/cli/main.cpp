// The policybench executable: the built-in workloads through every policy of the registry (the run's outline:
// benchmark_main, cli/benchmark_main.cpp). Where to read on:
// - a host call is timed by time_calls (measure/timing.hpp); a CUDA call on a stream of its own is timed inside
//   time_device_work (measure/device_measure.cuh: the host clock around one call, CUDA events around the rest, the
//   row's kernel times), which time_calls runs as its call; thrust::device, on the legacy stream, by time_calls alone;
// - a median and its interval are taken by summarize_series (measure/timing.cpp), for every timing view of a row;
// - `% ceiling` is pct_of_ceiling (harness/rules.cpp): the row's median rate over bounding_ceiling's, the fastest
//   ceiling row that may bound among those ceiling_streams (policies/registry.cpp) tags with the workload's bound
//   (share_bound in harness/rules.hpp: compute for poly, bandwidth else);
// - the budget is split in harness/schedule.cpp: the map atop schedule.hpp (the probe's share, each workload's, each
//   sweep point's, the rounds that fit, each row's slot).
#include "cli/options.hpp"

int main(int argc, char** argv) { return policybench::benchmark_main(argc, argv); }
