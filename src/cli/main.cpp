// The policybench executable: the built-in workloads through every policy of the registry (the run's outline:
// benchmark_main, cli/benchmark_main.cpp). Where to read on:
// - a host call is timed in time_calls (measure/timing.hpp); a CUDA call on a stream of its own times itself in
//   time_device_work (measure/device_measure.cuh: host clock and CUDA events), and time_calls keeps what it returns
//   (thrust::device's, on the legacy stream, time_calls times itself);
// - a median and its interval are taken by summarize_series (measure/timing.cpp), for every timing view of a row;
// - `% ceiling` is pct_of_ceiling (harness/rules.cpp), against the ceiling of the workload's shape (share_bound in
//   harness/rules.hpp, bounding_ceiling; the shapes: shape_of in policies/registry.hpp);
// - the budget is split in harness/schedule.cpp: the map atop schedule.hpp (the probe's share, each workload's, each
//   sweep point's, the rounds that fit, each row's slot).
#include "cli/benchmark_main.hpp"

int main(int argc, char** argv) { return policybench::benchmark_main(argc, argv); }
