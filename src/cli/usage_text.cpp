// What a usage error says: one line whatever the user typed (a newline or escape in it would split or rewrite the
// line on a terminal), and for a misspelt option the one most likely meant.
#include "cli/options.hpp"
#include "policies/registry.hpp"

namespace policybench {

std::string one_line(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c == '\r')
      out += "\\r";
    else if (byte < 0x20 || byte == 0x7f)
      out += {'\\', 'x', "0123456789abcdef"[byte >> 4], "0123456789abcdef"[byte & 15]};
    else
      out += c;
  }
  return out;
}

std::string with_nearest_option(std::string message, const std::vector<std::string>& extras,
                                const std::vector<std::string>& names) {
  // Compared without the dashes, which every name shares: "--bogus" is no typo of "--pages".
  std::vector<std::string> bare;
  for (const std::string& name : names)
    bare.push_back(name.substr(name.find_first_not_of('-')));
  for (const std::string& extra : extras)
    if (extra.starts_with("--"))
      if (const auto near = nearest_name(extra.substr(2, extra.find('=') - 2), bare))
        return message + "; did you mean --" + *near + "?";
  return message;
}

} // namespace policybench
