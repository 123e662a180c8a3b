// doctest's main for the host test executable, with one guard: a run whose filters match no test case fails.
// ctest runs each case by name (doctest_discover_tests), and a name ctest cannot pass whole (it splits one at ';'
// into two tests) would otherwise match nothing and pass having run nothing.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>

namespace {

unsigned cases_run = 0;

// doctest's listener interface asks for every event; only the end of the run matters here.
struct count_cases : doctest::IReporter {
  explicit count_cases(const doctest::ContextOptions&) {}
  void test_run_end(const doctest::TestRunStats& stats) override { cases_run = stats.numTestCasesPassingFilters; }
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_case_start(const doctest::TestCaseData&) override {}
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {}
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}
};
DOCTEST_REGISTER_LISTENER("count_cases", 1, count_cases);

} // namespace

int main(int argc, char** argv) {
  doctest::Context context(argc, argv);
  const int status = context.run();
  if (status != 0 || context.shouldExit()) return status; // failures, or a query such as --list-test-cases
  if (cases_run == 0) {
    std::fputs("no test case matches the filters: nothing was tested\n", stderr);
    return 1;
  }
  return status;
}
