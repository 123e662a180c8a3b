// Parsing a made-up command line in a test, and the one-line usage_error a refused one throws.
#pragma once

#include <doctest/doctest.h>

#include "cli/options.hpp"
#include "cli/write_report.hpp"

#include <initializer_list>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace policybench {

inline std::optional<options> parse(std::initializer_list<const char*> args, std::ostream& out) {
  std::vector<const char*> argv{"policybench"};
  argv.insert(argv.end(), args.begin(), args.end());
  return parse_options(argv, out, report_format_names());
}

inline std::optional<options> parse(std::initializer_list<const char*> args) {
  std::ostringstream out;
  return parse(args, out);
}

// The usage_error message `f` throws, or "" when it returns or throws something else.
template <class F> std::string usage_message_of(F f) {
  try {
    f();
  } catch (const usage_error& e) {
    return e.what();
  } catch (...) {
    return "";
  }
  return "";
}

// The usage_error message of parsing `args`, or "" when parsing succeeded.
inline std::string usage_message(std::initializer_list<const char*> args) {
  return usage_message_of([&] { parse(args); });
}

// Command lines that must be refused with a one-line usage_error naming `option`.
struct bad_case {
  std::initializer_list<const char*> args;
  const char* option;
};

template <std::size_t N> void check_refused(const bad_case (&cases)[N]) {
  for (const auto& c : cases) {
    std::string joined;
    for (const char* a : c.args)
      joined += std::string(" '") + a + "'";
    CAPTURE(joined);
    const std::string message = usage_message(c.args);
    CAPTURE(message);
    CHECK_FALSE(message.empty());
    CHECK(message.find(c.option) != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  }
}

} // namespace policybench
