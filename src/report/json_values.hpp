// How values are written to JSON: a missing figure or optional is null, never 0 or NaN, and a struct's members each
// under its own name (the report's writers share these, and so may a mode's).
#pragma once

#include "harness/result.hpp"

#include <nlohmann/json.hpp>

#include <optional>

namespace policybench {

inline void to_json(nlohmann::ordered_json& j, figure f) { j = f ? nlohmann::ordered_json(*f) : nullptr; }

/// The "environment" object of the JSON report (README "JSON schema"): config, host, device, ceilings.
nlohmann::ordered_json environment_json(const environment_info& env);

} // namespace policybench

/// std::optional: its value, or null (nlohmann 3.11.2 has no serializer of its own for it).
template <class T> struct nlohmann::adl_serializer<std::optional<T>> {
  template <class Json> static void to_json(Json& j, const std::optional<T>& v) {
    if (v)
      j = *v;
    else
      j = nullptr;
  }
};

/// Writes the named members of `in` to the JSON object `out`, each under its own name, in order: the to_json half
/// of nlohmann's NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE, for ordered_json, so that a field's name is written once.
#define POLICYBENCH_JSON_MEMBERS(out, in, ...)                                                                         \
  [](nlohmann::ordered_json& nlohmann_json_j, const auto& nlohmann_json_t) {                                           \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(NLOHMANN_JSON_TO, __VA_ARGS__))                                           \
  }(out, in)
