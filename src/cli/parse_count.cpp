// Counts on the command line, and bounded ints: decimal digits with an optional decimal SI suffix. Anything else is
// refused, never guessed at: "1e7" would be a float, "10Mi" binary, "-5" wraps to 2^64 - 5 through strtoull.
#include "cli/options.hpp"

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>
#include <system_error>

namespace policybench {

std::uint64_t parse_count(std::string_view option, std::string_view text) {
  const auto refuse = [&](std::string_view why) {
    return usage_error(std::string(option) + ": '" + std::string(text) + "' " + std::string(why) +
                       "; accepted: decimal digits with an optional suffix k, M or G (10^3, 10^6, 10^9), e.g. 10M");
  };
  std::uint64_t multiplier = 1;
  std::string_view digits = text;
  if (!digits.empty()) {
    switch (digits.back()) {
    case 'k': multiplier = 1'000; break;
    case 'M': multiplier = 1'000'000; break;
    case 'G': multiplier = 1'000'000'000; break;
    default: break;
    }
    if (multiplier != 1) digits.remove_suffix(1);
  }
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec == std::errc() && end == digits.data() + digits.size() && !digits.empty()) {
    if (value > std::numeric_limits<std::uint64_t>::max() / multiplier) throw refuse("does not fit in 64 bits");
    return value * multiplier;
  }
  if (ec == std::errc::result_out_of_range) throw refuse("does not fit in 64 bits");
  throw refuse("is not a count");
}

int parse_int(std::string_view option, const std::string& text, std::uint64_t min, std::uint64_t max,
              std::string_view max_is) {
  const std::uint64_t value = parse_count(option, text);
  if (value < min || value > max)
    throw usage_error(std::string(option) + ": " + text + " is outside " + std::to_string(min) + ".." +
                      std::to_string(max) + (max_is.empty() ? "" : " (" + std::string(max_is) + ")"));
  return static_cast<int>(value);
}

} // namespace policybench
