// libFuzzer target for the command line: any argument list must parse or throw usage_error, nothing else (no
// crash, no other exception, no sanitizer report). The input is split on NUL bytes into arguments.
#include "cli/options.hpp"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> words(1);
  for (std::size_t i = 0; i < size; ++i)
    if (data[i] == 0)
      words.emplace_back();
    else
      words.back() += char(data[i]);
  std::vector<const char*> args{"policybench"};
  for (const auto& w : words)
    args.push_back(w.c_str());
  std::ostringstream out;
  // The writers are not linked here: any list of --format names exercises the parse.
  static constexpr std::string_view formats[] = {"table", "markdown", "csv", "json", "gbench"};
  try {
    (void)policybench::parse_options(args, out, formats);
  } catch (const policybench::usage_error&) {
  }
  return 0;
}
