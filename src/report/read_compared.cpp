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
    std::ifstream file(path);
    if (!file) refuse("cannot be read");
    const json doc = json::parse(file, nullptr, false);
    if (doc.is_discarded()) refuse("not JSON (a policybench --format json report is expected)");
    out.push_back(compared_from_json(path, doc));
  }
  return out;
}

} // namespace policybench
