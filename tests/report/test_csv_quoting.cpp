// CSV's quoting, RFC 4180: a field holding a comma, a double quote or a line break is quoted, and a double quote
// inside it doubled; a reader splitting the line must get the field back as written.
#include <doctest/doctest.h>

#include "harness/run.hpp"
#include "report/report.hpp"

#include <sstream>
#include <string>

using namespace policybench;

namespace {

// The CSV of a one-row report whose backend column holds `backend`.
std::string csv_with_backend(const std::string& backend) {
  measured_run r;
  r.config = run_config{element_type::float64, 1000, 1, {2}};
  r.device.unavailable = "test: no device";
  measurement m;
  m.in_place.warm_s = {2, 1};
  r.outcomes.push_back({{"loop", side::host, backend, std::nullopt, {}}, std::nullopt, m});
  std::ostringstream out;
  write_csv(to_report(r), out);
  return out.str();
}

} // namespace

TEST_CASE("write_csv doubles a double quote inside a quoted field and quotes a line break") {
  CHECK(csv_with_backend("say \"hi\", twice").find(",\"say \"\"hi\"\", twice\",") != std::string::npos);
  // A line break inside a field is quoted too (RFC 4180), or it would end the record.
  CHECK(csv_with_backend("line one\nline two").find(",\"line one\nline two\",") != std::string::npos);
}

TEST_CASE("write_csv quotes a field holding a carriage return") {
  // RFC 4180's line break is CRLF: a bare CR unquoted ends the record for readers that accept either.
  CHECK(csv_with_backend("line one\rline two").find(",\"line one\rline two\",") != std::string::npos);
}
