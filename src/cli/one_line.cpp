// Error lines that stay one line: they quote what the user typed, and a newline or escape in it would split or
// rewrite the line on a terminal.
#include "cli/options.hpp"

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

} // namespace policybench
