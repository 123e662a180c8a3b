// The facts about the moment and place of a run that Google Benchmark's JSON context carries beside the host's.
#pragma once

#include <string>
#include <vector>

namespace policybench {

/// Where and when a report is written, as google/benchmark's sysinfo.cc reads it on Linux.
struct run_context {
  std::string date;                 ///< local time, ISO 8601 with the UTC offset, e.g. "2026-12-01T10:15:00+01:00"
  std::string host_name;            ///< gethostname
  std::string executable;           ///< /proc/self/exe
  int mhz_per_cpu = 0;              ///< cpu0's cpufreq cpuinfo_max_freq, else /proc/cpuinfo "cpu MHz"; 0 when unknown
  bool cpu_scaling_enabled = false; ///< some CPU's cpufreq governor is not "performance"
  std::vector<double> load_avg;     ///< getloadavg: 1, 5 and 15 minutes; empty when unknown
};

/// Reads run_context now. Never throws; unknown fields stay empty or 0.
run_context query_run_context();

} // namespace policybench
