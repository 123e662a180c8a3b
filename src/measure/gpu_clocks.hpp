// The GPU's current SM and memory clocks, read through NVML: an idle H200 runs its SMs far below their peak, so a
// figure is only comparable with the clocks it ran at. Plain C++: NVML is loaded at run time, never linked.
#pragma once

#include "measure/run_config.hpp"

#include <optional>
#include <string>

namespace policybench {

/// The clocks of the GPU whose PCI bus id is `pci_bus_id` (cudaDeviceGetPCIBusId's form, "0000:3B:00.0"), now.
/// std::nullopt, with the reason in *why when given, when libnvidia-ml.so.1 (installed with the driver, not the
/// toolkit) cannot be loaded, NVML does not start, or the device or a clock cannot be queried. Never throws but
/// std::bad_alloc.
std::optional<gpu_clocks> read_gpu_clocks(const std::string& pci_bus_id, std::string* why = nullptr);

} // namespace policybench
