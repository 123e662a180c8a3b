// Opening --compare-with files: what is not a readable regular file of JSON is refused by name before parsing.
#include "report/compare_with.hpp"

#include <filesystem>
#include <fstream>

namespace policybench {

using json = nlohmann::ordered_json;

std::vector<compared_report> read_compared(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<compared_report> out;
  for (const auto& path : paths) {
    const auto refuse = [&](const char* why) { throw unusable_report("'" + path + "': " + why); };
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!fs::exists(status)) refuse("no such file");
    if (fs::is_directory(status)) refuse("is a directory");
    if (!fs::is_regular_file(status)) refuse("is not a regular file (a device, FIFO or socket)");
    // The same report twice would double its rows and read as two runs that agree: refused, whatever the spelling.
    for (std::size_t i = 0; &paths[i] != &path; ++i)
      if (fs::equivalent(paths[i], path, ec))
        throw unusable_report("'" + path + "': the same file as '" + paths[i] + "', given twice");
    std::ifstream file(path);
    if (!file) refuse("cannot be read");
    const json doc = json::parse(file, nullptr, false);
    if (doc.is_discarded()) refuse("not JSON (a policybench --format json report is expected)");
    out.push_back(compared_from_json(path, doc));
  }
  return out;
}

} // namespace policybench
