// CSV's quoting, RFC 4180: a field holding a comma, a double quote or a line break is quoted, and a double quote
// inside it doubled; a reader splitting the line must get the field back as written.
#include <doctest/doctest.h>

#include "harness/run.hpp"
#include "report/report.hpp"

#include <sstream>
#include <string>

using namespace policybench;

TEST_CASE("write_csv doubles a double quote inside a quoted field and quotes a line break") {
  measured_run r;
  r.config = run_config{element_type::float64, 1000, 1, {2}};
  r.device.unavailable = "test: no device";
  measurement m;
  m.in_place.warm_s = {2, 1};
  r.outcomes.push_back({"loop", side::host, "say \"hi\", twice", std::nullopt, std::nullopt, m});
  std::ostringstream out;
  write_csv(to_report(r), out);
  CHECK(out.str().find(",\"say \"\"hi\"\", twice\",") != std::string::npos);
  // A line break inside a field is quoted too (RFC 4180), or it would end the record.
  r.outcomes.back().backend = "line one\nline two";
  out.str("");
  write_csv(to_report(r), out);
  CHECK(out.str().find(",\"line one\nline two\",") != std::string::npos);
}

TEST_CASE("write_csv quotes a field holding a carriage return") {
  // RFC 4180's line break is CRLF: a bare CR unquoted ends the record for readers that accept either.
  measured_run r;
  r.config = run_config{element_type::float64, 1000, 1, {2}};
  r.device.unavailable = "test: no device";
  measurement m;
  m.in_place.warm_s = {2, 1};
  r.outcomes.push_back({"loop", side::host, "line one\rline two", std::nullopt, std::nullopt, m});
  std::ostringstream out;
  write_csv(to_report(r), out);
  CHECK(out.str().find(",\"line one\rline two\",") != std::string::npos);
}
