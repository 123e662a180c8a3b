// Exact validation without a second copy: element i starts at i mod 1024, so after c calls of K increments each
// (--work K) it must equal (i mod 1024) + c x K. Unequal starting values make a wrong index or a skipped element show.
#pragma once

#include "policybench/increment.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace policybench {

/// Element i's value after `increments` increments (calls x K). Exact while 1023 + increments is within the type's
/// exact range (measure/work.hpp refuses runs that could leave it).
template <class T>
POLICYBENCH_HOST_DEVICE constexpr T expected_value(std::size_t i, std::uint64_t increments) noexcept {
  return static_cast<T>(i % 1024) + static_cast<T>(increments);
}

template <class T> void fill_initial(T* data, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i)
    data[i] = expected_value<T>(i, 0);
}

/// Index of the first of n elements that is not expected_value<T>(i, increments), or std::nullopt when all are.
template <class T>
std::optional<std::size_t> first_mismatch(const T* data, std::size_t n, std::uint64_t increments) noexcept {
  for (std::size_t i = 0; i < n; ++i)
    if (data[i] != expected_value<T>(i, increments)) return i;
  return std::nullopt;
}

/// "element 12 is 3, expected 4": one line naming the first wrong element of a failed validation.
template <class T> std::string describe_mismatch(std::size_t i, T actual, std::uint64_t increments) {
  return "element " + std::to_string(i) + " is " + std::to_string(actual) + ", expected " +
         std::to_string(expected_value<T>(i, increments));
}

} // namespace policybench
