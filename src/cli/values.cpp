// The command line's lists and its usage errors. Lists are comma-separated items, where an empty or repeated item is
// a mistake to point out. A usage error is one line whatever the user typed (a newline or escape in it would split or
// rewrite the line on a terminal).
#include "cli/options.hpp"

#include <algorithm>
#include <string>

namespace policybench {

std::vector<std::string> split_list(std::string_view option, const std::vector<std::string>& values) {
  // Two --policies would be merged into one list, which is no way to ask for anything else: refused, not guessed at.
  if (values.size() > 1)
    throw usage_error(std::string(option) + ": given " + std::to_string(values.size()) +
                      " times; give one comma-separated list");
  std::vector<std::string> out;
  for (const std::string& value : values) {
    std::string_view rest = value;
    for (;;) {
      const std::size_t comma = rest.find(',');
      std::string_view one = rest.substr(0, comma);
      one.remove_prefix(std::min(one.find_first_not_of(' '), one.size()));
      one.remove_suffix(one.size() - std::min(one.find_last_not_of(' ') + 1, one.size()));
      if (one.empty()) throw usage_error(std::string(option) + ": an empty name in the list");
      if (std::find(out.begin(), out.end(), one) != out.end()) // a row measured twice, never meant
        throw usage_error(std::string(option) + ": '" + std::string(one) + "' is listed twice");
      out.emplace_back(one);
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
  }
  return out;
}

std::string one_line(std::string_view text) {
  std::string out;
  constexpr std::string_view named = "\n\t\r", letters = "ntr";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (const auto at = named.find(c); at != std::string_view::npos)
      out += {'\\', letters[at]};
    else if (byte < 0x20 || byte == 0x7f)
      out += {'\\', 'x', "0123456789abcdef"[byte >> 4], "0123456789abcdef"[byte & 15]};
    else
      out += c;
  }
  return out;
}

} // namespace policybench
