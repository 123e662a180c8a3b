// What a timed stream is to the report: a policy (the workload under an execution policy) or a ceiling (a tuned
// kernel that bounds the policies of its device), and, for a ceiling, what it bounds.
#pragma once

#include "measure/enum_names.hpp"

#include <string_view>

namespace policybench {

enum class stream_role { policy, ceiling };

/// bandwidth: the in-place streams, the policies' own bytes (% of ceiling at K = 1, the roofline's slope); compute:
/// the FMA kernels (the roofline's flat roof); none: a reference beside them (STREAM copy and scale, a D2D copy).
enum class ceiling_bound { none, bandwidth, compute };

/// The report's words (JSON "role" and "bounds").
inline constexpr enum_name<stream_role> stream_role_names[] = {{stream_role::policy, "policy"},
                                                               {stream_role::ceiling, "ceiling"}};
inline constexpr enum_name<ceiling_bound> ceiling_bound_names[] = {
    {ceiling_bound::none, "none"}, {ceiling_bound::bandwidth, "bandwidth"}, {ceiling_bound::compute, "compute"}};
constexpr std::string_view to_string(stream_role r) noexcept { return name_in(stream_role_names, r); }
constexpr std::string_view to_string(ceiling_bound b) noexcept { return name_in(ceiling_bound_names, b); }

} // namespace policybench
