// The command line's values and its usage errors. Counts and bounded ints are decimal digits with an optional
// decimal SI suffix; anything else is refused, never guessed at: "1e7" would be a float, "10Mi" binary, "-5" wraps to
// 2^64 - 5 through strtoull. Lists are comma-separated items, where an empty or repeated item is a mistake to point
// out. A usage error is one line whatever the user typed (a newline or escape in it would split or rewrite the line
// on a terminal).
#include "cli/options.hpp"
#include "policies/registry.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <limits>
#include <string>
#include <system_error>

namespace policybench {

std::uint64_t parse_count(std::string_view option, std::string_view text, std::string_view example) {
  const auto refuse = [&](std::string_view why) {
    return usage_error(std::string(option) + ": '" + std::string(text) + "' " + std::string(why) +
                       "; accepted: decimal digits with an optional suffix k, M or G (10^3, 10^6, 10^9), e.g. " +
                       std::string(example));
  };
  const std::size_t power = text.empty() ? 0 : std::string_view("kMG").find(text.back()) + 1; // npos + 1 == 0
  const std::string_view digits = text.substr(0, text.size() - (power > 0 ? 1 : 0));
  std::uint64_t value = 0, multiplier = 1;
  for (std::size_t i = 0; i < power; ++i)
    multiplier *= 1000;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec == std::errc::result_out_of_range) throw refuse("does not fit in 64 bits");
  if (ec != std::errc() || end != digits.data() + digits.size()) throw refuse("is not a count");
  if (value > std::numeric_limits<std::uint64_t>::max() / multiplier) throw refuse("does not fit in 64 bits");
  return value * multiplier;
}

int parse_int(std::string_view option, const std::string& text, std::uint64_t min, std::uint64_t max,
              std::string_view max_is) {
  const std::uint64_t value = parse_count(option, text);
  if (value < min || value > max)
    throw usage_error(std::string(option) + ": " + text + " is outside " + std::to_string(min) + ".." +
                      std::to_string(max) + (max_is.empty() ? "" : " (" + std::string(max_is) + ")"));
  return static_cast<int>(value);
}

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
