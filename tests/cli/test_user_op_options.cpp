// The command line of a user's op's executable (cli/user_main.hpp): its own op's name taken, the built-ins refused,
// its --help about the op.
#include <doctest/doctest.h>

#include "cli/parse_args.hpp"

#include <sstream>
#include <string>
#include <vector>

using namespace policybench;

namespace {

const user_op my_op{.name = "my_op",
                    .type = element_type::float64,
                    .inputs = 1,
                    .shape = workload_id::one_input_op,
                    .exact = false,
                    .flops = std::nullopt};

std::optional<options> parse_op(std::vector<const char*> args, std::ostream& out) {
  args.insert(args.begin(), "user_op");
  return parse_options(args, out, report_format_names(), {}, my_op);
}

std::string refusal(std::vector<const char*> args) {
  std::ostringstream out;
  return usage_message_of([&] { parse_op(args, out); });
}

} // namespace

TEST_CASE("a user's op's executable takes its own op's name for --workload, and refuses the built-ins in one line") {
  std::ostringstream out;
  const auto o = parse_op({"--workload", "my_op", "--type", "float64"}, out);
  REQUIRE(o);
  CHECK(o->run.type == element_type::float64);
  CHECK(o->workloads == std::vector<workload_id>{o->run.workload});
  CHECK(refusal({"--workload", "increment"}) == "--workload: this executable runs my_op alone, not increment");
  CHECK(refusal({"--workload", "my_op,triad"}) == "--workload: this executable runs my_op alone, not triad");
  CHECK(refusal({"--type", "float32"}) == "--type: my_op takes float64");
  CHECK(refusal({"--work", "4"}) == "--work: a user's op runs once per element (K = 1)");
  CHECK(refusal({"--sweep", "work"}) == "--sweep work: a user's op runs once per element (K = 1)");
  CHECK(parse_op({"--list-workloads"}, out)->list_workloads);
}

TEST_CASE("a user's op's --help describes the op and leaves out the options it does not take") {
  std::ostringstream out;
  CHECK_FALSE(parse_op({"--help"}, out));
  const std::string help = out.str();
  CAPTURE(help);
  CHECK(help.find("the op my_op run through every host execution policy") != std::string::npos);
  CHECK(help.find("increment") == std::string::npos);
  CHECK(help.find("triad") == std::string::npos);
  for (const char* left_out : {"--work ", "--min-work", "--max-work"})
    CHECK(help.find(left_out) == std::string::npos);
  CHECK(help.find("float64, the one my_op takes") != std::string::npos);
}
