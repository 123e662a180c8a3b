// The README's code is the code: each C++ block it quotes from a source file is in that file as written, so a
// reader who copies the recipe gets lines that compile (a change to the source fails this until the README follows).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace {

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The first ```cpp block after `heading` in the README.
std::string block_after(const std::string& readme, const std::string& heading) {
  const auto at = readme.find(heading);
  REQUIRE(at != std::string::npos);
  const auto open = readme.find("```cpp\n", at);
  REQUIRE(open != std::string::npos);
  const auto close = readme.find("```", open + 7);
  return readme.substr(open + 7, close - open - 7);
}

} // namespace

TEST_CASE("the README's workload call and its adding-a-policy row are the source's lines") {
  const std::filesystem::path readme_path = POLICYBENCH_README;
  const std::string readme = read(readme_path), root = readme_path.parent_path().string();
  const std::string workload = block_after(readme, "The workload is written once");
  CHECK_MESSAGE(read(root + "/include/policybench/workload.hpp").find(workload) != std::string::npos, workload);
  const std::string row = block_after(readme, "## Adding a policy");
  CHECK_MESSAGE(read(root + "/src/policies/policy_rows.hpp").find(row) != std::string::npos, row);
}
