// Whether a report's lines (warnings, table rows) hold a text: the tests look for a phrase, not a whole line.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

namespace policybench {

// Whether any line holds both `a` and `b`.
inline bool any_contains(const std::vector<std::string>& lines, const std::string& a, const std::string& b = "") {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& w) {
    return w.find(a) != std::string::npos && w.find(b) != std::string::npos;
  });
}

inline std::size_t count_containing(const std::vector<std::string>& lines, const std::string& a) {
  return std::size_t(
      std::count_if(lines.begin(), lines.end(), [&](const std::string& w) { return w.find(a) != std::string::npos; }));
}

} // namespace policybench
