// /proc/cpuinfo's fields as query_host reads them, on texts as kernels write them: a field present, absent, and
// present with nothing after its colon (which once threw std::out_of_range out of query_host, which promises not to).
#include <doctest/doctest.h>

#include "machine/host_info.hpp"

#include <sstream>
#include <string>

using namespace policybench;

namespace {
std::string value(const std::string& text, const char* field) {
  std::istringstream cpuinfo(text);
  return cpuinfo_value(cpuinfo, field);
}
} // namespace

TEST_CASE("a /proc/cpuinfo field's value: the first processor's, empty when absent or written without one") {
  const std::string x86 = "processor\t: 0\nmodel name\t: Intel(R) Xeon(R) Processor\ncpu MHz\t\t: 2100.000\n"
                          "processor\t: 1\nmodel name\t: Other\n";
  CHECK(value(x86, "model name") == "Intel(R) Xeon(R) Processor");
  CHECK(value(x86, "cpu MHz") == "2100.000");
  CHECK(value("processor\t: 0\nBogoMIPS\t: 50.00\n", "model name").empty()); // arm64 kernels write none
  CHECK(value("processor\t: 0\nmodel name\t:\ncpu MHz\t\t: \n", "model name").empty());
  CHECK(value("processor\t: 0\nmodel name\t:\ncpu MHz\t\t: \n", "cpu MHz").empty());
}
