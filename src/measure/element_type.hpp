// The element types a run can use, chosen at run time and dispatched to compile-time types.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace policybench {

enum class element_type { float32, float64, int32, int64 };

inline constexpr element_type all_element_types[] = {element_type::float32, element_type::float64, element_type::int32,
                                                     element_type::int64};

/// The command-line spelling: "float32", "float64", "int32" or "int64".
constexpr std::string_view to_string(element_type t) noexcept {
  switch (t) {
  case element_type::float32: return "float32";
  case element_type::float64: return "float64";
  case element_type::int32: return "int32";
  case element_type::int64: return "int64";
  }
  return "?";
}

/// Parses the spelling of to_string(); std::nullopt for anything else.
constexpr std::optional<element_type> parse_element_type(std::string_view s) noexcept {
  for (element_type t : all_element_types)
    if (to_string(t) == s) return t;
  return std::nullopt;
}

/// The element_type of a C++ type: element_type_of<double> == element_type::float64.
template <class T> constexpr element_type element_type_of = element_type::float32;
template <> inline constexpr element_type element_type_of<double> = element_type::float64;
template <> inline constexpr element_type element_type_of<std::int32_t> = element_type::int32;
template <> inline constexpr element_type element_type_of<std::int64_t> = element_type::int64;

/// Calls f.template operator()<T>() with T the C++ type of t (float, double, std::int32_t, std::int64_t).
template <class F> decltype(auto) visit_element_type(element_type t, F&& f) {
  switch (t) {
  case element_type::float32: return f.template operator()<float>();
  case element_type::float64: return f.template operator()<double>();
  case element_type::int32: return f.template operator()<std::int32_t>();
  case element_type::int64: break;
  }
  return f.template operator()<std::int64_t>();
}

/// sizeof the element type in bytes.
constexpr std::size_t size_of(element_type t) noexcept {
  switch (t) {
  case element_type::float32:
  case element_type::int32: return 4;
  case element_type::float64:
  case element_type::int64: break;
  }
  return 8;
}

} // namespace policybench
