// The element types a run can use, chosen at run time and dispatched to compile-time types.
#pragma once

#include "measure/enum_names.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace policybench {

enum class element_type { float32, float64, int32, int64 };

inline constexpr element_type all_element_types[] = {element_type::float32, element_type::float64, element_type::int32,
                                                     element_type::int64};

/// The command-line spellings.
inline constexpr enum_name<element_type> element_type_names[] = {{element_type::float32, "float32"},
                                                                 {element_type::float64, "float64"},
                                                                 {element_type::int32, "int32"},
                                                                 {element_type::int64, "int64"}};
constexpr std::string_view to_string(element_type t) noexcept { return name_in(element_type_names, t); }

template <class T> constexpr element_type element_type_of = element_type::float32;
template <> inline constexpr element_type element_type_of<double> = element_type::float64;
template <> inline constexpr element_type element_type_of<std::int32_t> = element_type::int32;
template <> inline constexpr element_type element_type_of<std::int64_t> = element_type::int64;

/// Calls f.template operator()<T>() with T the C++ type of t (float, double, std::int32_t, std::int64_t).
template <class F> constexpr decltype(auto) visit_element_type(element_type t, F&& f) {
  switch (t) {
  case element_type::float32: return f.template operator()<float>();
  case element_type::float64: return f.template operator()<double>();
  case element_type::int32: return f.template operator()<std::int32_t>();
  case element_type::int64: break;
  }
  return f.template operator()<std::int64_t>();
}

constexpr std::size_t size_of(element_type t) noexcept {
  return t == element_type::float32 || t == element_type::int32 ? 4 : 8;
}

} // namespace policybench
