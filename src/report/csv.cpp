// The report as CSV: one line per result row, the JSON's scalar result fields and the rows' extras as columns (not
// samples_s).
#include "report/report.hpp"

#include "report/row_fields.hpp"

#include <string>
#include <utility>
#include <vector>

namespace policybench {
namespace {

// RFC 4180: quote a field holding a comma, a quote or a line break, doubling the quotes inside.
std::string csv_field(const nlohmann::ordered_json& v) {
  if (v.is_null()) return "";
  std::string text = v.is_string() ? v.get<std::string>() : v.dump();
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char ch : text)
    quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + '"';
}

} // namespace

void write_csv(const benchmark_report& report, std::ostream& out) {
  if (report.results.empty()) return;
  std::vector<row_field> fields; // the header and every line from the same lists
  for (const auto& f : row_fields())
    if (is_scalar(f)) fields.push_back(f);
  const auto extras = extra_fields(report.results);
  const char* separator = "";
  for (const auto& f : fields)
    out << std::exchange(separator, ",") << f.name;
  for (const auto& e : extras)
    out << ',' << csv_field(e.name);
  out << '\n';
  for (const auto& r : report.results) {
    separator = "";
    for (const auto& f : fields)
      out << std::exchange(separator, ",") << csv_field(field_json(r, f));
    for (const auto& e : extras)
      out << ',' << csv_field(extra_json(r, e));
    out << '\n';
  }
}

} // namespace policybench
