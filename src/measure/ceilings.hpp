// The bandwidth ceilings a policy's figure is set against: the same bytes moved by a copy on the same device.
#pragma once

#include "measure/run_config.hpp"

#include <optional>

namespace policybench {

/// The host's ceiling for `cfg`: a parallel streaming copy (oneTBB, all allowed threads, non-temporal stores on
/// x86) of size x sizeof(T) bytes between two host arrays, i.e. cfg.bytes_per_call() moved per call.
/// Throws std::bad_alloc when the second array does not fit.
timed_calls measure_host_copy(const run_config& cfg);

#if POLICYBENCH_HAVE_CUDA
/// The device's ceiling for `cfg`: cudaMemcpyAsync device-to-device of size x sizeof(T) bytes (=
/// cfg.bytes_per_call() moved), timed with CUDA events. std::nullopt without a usable device.
/// Throws std::runtime_error on a CUDA error, device_out_of_memory when device memory runs out.
std::optional<timed_calls> measure_device_copy(const run_config& cfg);
#endif

} // namespace policybench
