// THE registry: every execution policy of this build, in table order, each name written once (registry.cpp).
#pragma once

#include "machine/device_info.hpp"
#include "policies/policy.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace policybench {

/// Every policy in table order: loop first (every speedup's baseline), the C++ policies from libstdc++ and from
/// oneDPL, oneTBB, Thrust's host systems, then the device policies. Those this build or machine cannot run carry the
/// reason (a CUDA policy without a usable device gets device.unavailable).
std::vector<policy_entry> registry(const device_info& device);

/// A policy name the registry does not know; what() lists the valid names and the closest one.
struct unknown_policy : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// The name in `names` nearest to `name` (case-insensitive Levenshtein distance) when at most half of `name` differs
/// from it: a plausible typo ("std::par_unsq" -> "std::par_unseq"); std::nullopt otherwise.
std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string>& names);

/// The entries of `all` named in `names`, in registry order; every entry when `names` is empty. Throws
/// unknown_policy for a name not in `all`.
std::vector<policy_entry> select_policies(std::vector<policy_entry> all, const std::vector<std::string>& names);

} // namespace policybench
