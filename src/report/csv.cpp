// The report as CSV: one line per result row, the JSON's scalar result fields as columns (not samples_s).
#include "report/report.hpp"

#include "report/summaries.hpp"

#include <string>
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
  using json = nlohmann::ordered_json;
  // One value per column: arrays (samples_s) only JSON carries.
  std::vector<const summary*> fields = summaries_of(report.results);
  std::erase_if(fields, [](const summary* s) {
    const auto* m = std::get_if<row_member>(&s->value);
    return m && std::holds_alternative<std::vector<double> result_row::*>(*m);
  });
  // The header and every line from the same list, then `partial` (the JSON's mark, on every line: a file that holds
  // part of what was asked says so to any reader of rows, where a comment line would be read as the header).
  const auto line = [&](const auto& value, const json& partial) {
    for (const summary* s : fields)
      out << csv_field(value(*s)) << ',';
    out << csv_field(partial) << '\n';
  };
  line([](const summary& s) { return json(s.name); }, "partial");
  for (const auto& r : report.results)
    line([&](const summary& s) { return field_json(r, s); }, report.partial);
}

} // namespace policybench
