// The command line of a user's op's executable (cli/user_main.hpp): its own op's name taken, the built-ins refused,
// its --help about the op.
#include <doctest/doctest.h>

#include "cli/parse_args.hpp"
#include "cli/user_main.hpp"

#include <sstream>
#include <string>
#include <utility>
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
  CHECK(parse_op({"--list-workloads"}, out)->list_workloads);
}

TEST_CASE("a user's op's executable refuses every option of K with the op's reason, whatever its value or order") {
  const std::string why = ": a user's op has no work parameter K: it runs once per element";
  CHECK(refusal({"--work", "4"}) == "--work" + why);
  CHECK(refusal({"--sweep", "work"}) == "--sweep work" + why);
  // Before the checks of how options combine, and before the values' own checks, each naming the option given.
  using command_lines = std::vector<std::vector<const char*>>;
  const std::pair<std::string, command_lines> refused[] = {
      {"--max-work",
       {{"--max-work", "8"}, {"--max-work", "8", "--sweep", "work"}, {"--sweep", "work", "--max-work", "8"}}},
      {"--min-work", {{"--min-work", "2"}}},
      {"--work", {{"--work", "0"}, {"--work", "x"}, {"--work"}, {"--work="}, {"--sweep", "work", "--work", "4"}}},
      {"--work", {{"--list-workloads", "--work", "4"}}},
      {"--sweep work", {{"--type", "int32", "--sweep", "work"}, {"--sweep", "work", "--type", "int32"}}}};
  for (const auto& [named, lines] : refused)
    for (const auto& args : lines) {
      CAPTURE(named);
      CHECK(refusal(args) == named + why);
    }
  // A misspelt option is no such option, and nothing the op refuses is offered in its place.
  CHECK(refusal({"--wrk", "4"}) == "--wrk: no such option");
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

TEST_CASE(
    "a user's op's device rows are those POLICYBENCH_DEVICE_OP registered, else unavailable saying how to build") {
  struct op_a {
    double operator()(double x) const { return x; }
  };
  device_info available;
  available.unavailable.reset();
  const auto rows = user_device_rows<op_a>(available);
  CHECK(rows.size() == device_rows(available).size());
  for (const policy_entry& row : rows) {
    CAPTURE(row.name);
    REQUIRE(row.unavailable);
    // Without nvcc no device row has code, for any op; with it the op's own calls are what is missing.
    CHECK(row.unavailable->find(POLICYBENCH_HAVE_CUDA ? "POLICYBENCH_DEVICE_OP(op) in a .cu file"
                                                      : "no device code in this build") != std::string::npos);
  }
  op_device_rows<op_a>() = [](const device_info&) {
    return std::vector<policy_entry>{
        {.name = "registered", .device = side::device, .backend = "test", .unavailable = {}, .measure = {}}};
  };
  const auto registered = user_device_rows<op_a>(available);
  REQUIRE(registered.size() == 1);
  CHECK(registered[0].name == "registered");
  CHECK_FALSE(registered[0].unavailable);
}
