// The ceilings: every kernel a policy's figure is set against, registered beside the policies and measured by the
// same rounds, stopping rule and budget (harness/run.hpp), each named once here.
#pragma once

#include "machine/device_info.hpp"
#include "policies/policy.hpp"

#include <vector>

namespace policybench {

/// The host's ceilings (in place with a static, a dynamic and a one-thread schedule; STREAM copy and scale; at
/// work > 1 the FMA kernel) and the device's (the tuned in-place kernel, a D2D copy; at work > 1 its FMA kernel),
/// in that order, each with role ceiling, what it bounds and its environment.ceilings key. The in-place streams
/// always make one increment per call (the bandwidth roof); a device without nvcc or a GPU makes its ceilings
/// unavailable with the device rows' reason.
std::vector<policy_entry> ceiling_streams(const device_info& device, int work);

} // namespace policybench
