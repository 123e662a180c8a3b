// Lists on the command line: comma-separated items, where an empty or repeated item is a mistake to point out.
#include "cli/options.hpp"

#include <algorithm>
#include <string>

namespace policybench {

std::vector<std::string> split_list(std::string_view option, const std::vector<std::string>& values,
                                    std::string_view item, bool trim) {
  std::vector<std::string> out;
  for (const std::string& value : values) {
    std::string_view rest = value;
    for (;;) {
      const std::size_t comma = rest.find(',');
      std::string_view one = rest.substr(0, comma);
      if (trim) {
        one.remove_prefix(std::min(one.find_first_not_of(' '), one.size()));
        one.remove_suffix(one.size() - std::min(one.find_last_not_of(' ') + 1, one.size()));
      }
      if (one.empty()) throw usage_error(std::string(option) + ": an empty " + std::string(item) + " in the list");
      if (std::find(out.begin(), out.end(), one) != out.end()) // a row measured or read twice, never meant
        throw usage_error(std::string(option) + ": '" + std::string(one) + "' is listed twice");
      out.emplace_back(one);
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
  }
  return out;
}

} // namespace policybench
