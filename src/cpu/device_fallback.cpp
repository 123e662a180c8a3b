// The device side of a build without nvcc: Thrust's device system is oneTBB, so thrust::device still runs, on the
// host. That is Thrust's portability lesson: the same increment_all(thrust::device, ...) call, another backend.
#include "policybench/device.hpp"
#include "policybench/host_measure.hpp"
#include "policybench/workload.hpp"

namespace policybench {

namespace {
constexpr const char* no_nvcc = "built without nvcc (no CUDA compiler found at configure time)";
}

device_info query_device() {
  device_info d;
  d.unavailable = no_nvcc;
  d.thrust_device_system = thrust_device_system();
  return d;
}

std::vector<policy_runner> device_policies(const device_info&) {
  std::vector<policy_runner> out{host_policy(
      "thrust::device", std::string("Thrust device system = ") + thrust_device_system() + " (no nvcc)",
      [](auto first, auto last) { increment_all(thrust::device, first, last); })};
  for (const char* name : cuda_policy_names) out.push_back({name, "device", "CUDA", no_nvcc, {}});
  return out;
}

std::optional<timed_calls> measure_device_copy(const run_config&) { return std::nullopt; }

} // namespace policybench
