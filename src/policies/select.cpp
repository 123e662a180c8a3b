// Choosing policies by name: the registry's order is kept, and a misspelt name is answered with the closest one.
#include "policies/registry.hpp"

#include <algorithm>
#include <numeric>
#include <string_view>

namespace policybench {
namespace {

// Levenshtein distance, case-insensitive: "std::par_unsq" -> "std::par_unseq" is 1.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  const auto lower = [](char c) { return char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t(0));
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0]++;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitute = diagonal + (lower(a[i - 1]) != lower(b[j - 1]));
      diagonal = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitute});
    }
  }
  return row[b.size()];
}

[[noreturn]] void unknown(const std::vector<policy_entry>& all, const std::string& name) {
  std::vector<std::string> names;
  std::string valid, suggestion;
  for (const auto& p : all) {
    names.push_back(p.name);
    valid += (valid.empty() ? "" : ", ") + p.name;
    // "oneapi::dpl::par" is every backend's row, not a typo of the nearest other policy (oneapi::dpl::seq).
    if (p.name.starts_with(name + "@")) suggestion += (suggestion.empty() ? "'" : " or '") + p.name + "'";
  }
  if (const auto near = nearest_name(name, names); suggestion.empty() && near) suggestion = "'" + *near + "'";
  throw unknown_policy("unknown policy '" + name + "'; " +
                       (suggestion.empty() ? "" : "did you mean " + suggestion + "? ") + "valid names: " + valid);
}

} // namespace

std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string>& names) {
  const auto closest = std::min_element(names.begin(), names.end(), [&](const auto& x, const auto& y) {
    return edit_distance(name, x) < edit_distance(name, y);
  });
  // A suggestion only when it is a plausible typo: at most half of the name differs.
  if (closest == names.end() || 2 * edit_distance(name, *closest) > name.size()) return std::nullopt;
  return *closest;
}

std::vector<policy_entry> select_policies(std::vector<policy_entry> all, const std::vector<std::string>& names) {
  for (const auto& name : names)
    if (std::none_of(all.begin(), all.end(), [&](const auto& p) { return p.name == name; })) unknown(all, name);
  std::erase_if(all, [&](const policy_entry& p) {
    return !names.empty() && std::find(names.begin(), names.end(), p.name) == names.end();
  });
  return all;
}

} // namespace policybench
