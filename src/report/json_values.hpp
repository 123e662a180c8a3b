// How a missing figure is written to JSON: null, never 0 or NaN (the report's writers share these two).
#pragma once

#include "harness/result.hpp"

#include <nlohmann/json.hpp>

#include <optional>

namespace policybench {

inline nlohmann::ordered_json figure_json(figure f) { return f ? nlohmann::ordered_json(*f) : nullptr; }

template <class T> nlohmann::ordered_json optional_json(const std::optional<T>& v) {
  return v ? nlohmann::ordered_json(*v) : nullptr;
}

/// The "environment" object of the JSON report (README "JSON schema"): config, host, device, ceilings.
nlohmann::ordered_json environment_json(const environment_info& env);

} // namespace policybench
