// The report as CSV: one line per policy, the JSON result fields as columns, for spreadsheets and pandas.
#include "report/report.hpp"

#include <string>
#include <utility>

namespace policybench {
namespace {

// RFC 4180: quote a field holding a comma, a quote or a line break, doubling the quotes inside.
std::string csv_field(const nlohmann::ordered_json& v) {
  if (v.is_null()) return "";
  std::string text = v.is_string() ? v.get<std::string>() : v.dump();
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char ch : text) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + '"';
}

} // namespace

void write_csv(const nlohmann::ordered_json& report, std::ostream& out) {
  const auto& results = report["results"];
  if (results.empty()) return;
  const char* separator = "";
  for (const auto& [key, value] : results.front().items()) out << std::exchange(separator, ",") << key;
  out << '\n';
  for (const auto& r : results) {
    separator = "";
    for (const auto& [key, value] : r.items()) out << std::exchange(separator, ",") << csv_field(value);
    out << '\n';
  }
}

} // namespace policybench
