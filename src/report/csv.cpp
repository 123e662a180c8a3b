// The report as CSV: one line per result row, the JSON's scalar result fields and the rows' extras as columns (not
// samples_s).
#include "report/report.hpp"

#include "report/row_fields.hpp"

#include <ranges>
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
  using json = nlohmann::ordered_json;
  // One value per column: arrays (samples_s) only JSON carries.
  auto fields = row_fields() | std::views::filter([](const row_field& f) {
                  return !std::holds_alternative<std::vector<double> result_row::*>(f.member);
                });
  const auto extras = extra_fields(report.results);
  // The header and every line from the same lists: one line of the common fields' and the extras' values, then
  // `partial` (the JSON's mark, on every line: a file that holds part of what was asked says so to any reader of
  // rows, where a comment line would be read as the header).
  const auto line = [&](const auto& common, const auto& extra_value, const json& partial) {
    const char* separator = "";
    for (const auto& f : fields)
      out << std::exchange(separator, ",") << csv_field(common(f));
    for (const auto& e : extras)
      out << ',' << csv_field(extra_value(e));
    out << ',' << csv_field(partial) << '\n';
  };
  line([](const row_field& f) { return json(f.name); }, [](const extra& e) { return json(e.name); }, "partial");
  for (const auto& r : report.results)
    line([&](const row_field& f) { return field_json(r, f); }, [&](const extra& e) { return extra_json(r, e); },
         report.partial);
}

} // namespace policybench
