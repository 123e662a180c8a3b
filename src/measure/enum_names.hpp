// One table of names per enum: its to_string, its parse and the "one of ..." list of a usage error all read it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace policybench {

template <class E> struct enum_name {
  E value;
  std::string_view name;
};

/// `value`'s name in `table`; "?" for a value the table lacks.
template <class E, std::size_t N> constexpr std::string_view name_in(const enum_name<E> (&table)[N], E value) noexcept {
  for (const auto& e : table)
    if (e.value == value) return e.name;
  return "?";
}

/// The value `table` names `name`; std::nullopt for any other text.
template <class E, std::size_t N>
constexpr std::optional<E> parse_in(const enum_name<E> (&table)[N], std::string_view name) noexcept {
  for (const auto& e : table)
    if (e.name == name) return e.value;
  return std::nullopt;
}

/// "a, b, c": every name in `table`, in its order.
template <class E, std::size_t N> std::string names_in(const enum_name<E> (&table)[N]) {
  std::string out;
  for (const auto& e : table)
    out += (out.empty() ? "" : ", ") + std::string(e.name);
  return out;
}

} // namespace policybench
