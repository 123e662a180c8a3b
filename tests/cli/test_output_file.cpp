// --output written atomically: the file appears complete or not at all (a signal during the rename included), and a
// path that cannot be one is refused.
#include <doctest/doctest.h>

#include "cli/options.hpp"
#include "cli/write_report.hpp"

#include <csignal>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace policybench;
namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A fresh, empty directory under the system's temporary directory, removed when the test ends.
struct temp_dir {
  fs::path path;
  temp_dir() {
    path = fs::temp_directory_path() / ("policybench-test-" + std::to_string(::getpid()) + "-" +
                                        std::to_string(reinterpret_cast<std::uintptr_t>(this)));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~temp_dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  std::vector<std::string> entries() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(path))
      out.push_back(e.path().filename().string());
    return out;
  }
};

// Run by this binary's rename just before the real one: a signal in the middle of a report's delivery.
void (*before_rename)() = nullptr;

} // namespace

// The rename output_file calls (a definition in the executable comes before the C library's).
extern "C" int rename(const char* from, const char* to) noexcept {
  if (before_rename) before_rename();
  return ::renameat(AT_FDCWD, from, AT_FDCWD, to);
}

TEST_CASE("output_file writes atomically and a failing run leaves no file") {
  const temp_dir dir;
  const fs::path target = dir.path / "report.json";
  SUBCASE("commit creates the file with the content and no temporary") {
    {
      output_file f(target.string());
      f.stream() << "{\"ok\": true}\n";
      CHECK_FALSE(fs::exists(target)); // nothing at the target before commit
      f.commit();
    }
    CHECK(read_file(target) == "{\"ok\": true}\n");
    CHECK(dir.entries() == std::vector<std::string>{"report.json"});
  }
  SUBCASE("commit replaces an existing file") {
    std::ofstream(target) << "old";
    {
      output_file f(target.string());
      f.stream() << "new";
      f.commit();
    }
    CHECK(read_file(target) == "new");
    CHECK(dir.entries().size() == 1);
  }
  SUBCASE("without commit neither the target nor a temporary remains") {
    {
      output_file f(target.string());
      f.stream() << "half a report";
      CHECK(dir.entries().empty()); // the file has no name until commit
    }
    CHECK_FALSE(fs::exists(target));
    CHECK(dir.entries().empty());
  }
  SUBCASE("a write that failed (a full disk) is never renamed into place") {
    {
      output_file f(target.string());
      f.stream() << "half a report";
      f.stream().setstate(std::ios::badbit); // what a failed write leaves
      CHECK_THROWS_AS(f.commit(), std::runtime_error);
    }
    CHECK_FALSE(fs::exists(target));
    CHECK(dir.entries().empty());
  }
  SUBCASE("a directory is refused before anything runs") {
    std::string message;
    try {
      output_file f(dir.path.string());
    } catch (const usage_error& e) {
      message = e.what();
    }
    CHECK(message.find("is a directory") != std::string::npos);
    CHECK(dir.entries().empty());
  }
  SUBCASE("a path in a missing directory throws usage_error naming it") {
    const std::string missing = (dir.path / "no-such-dir" / "report.json").string();
    std::string message;
    try {
      output_file f(missing);
    } catch (const usage_error& e) {
      message = e.what();
    }
    CAPTURE(message);
    CHECK(message.find(missing) != std::string::npos);
    CHECK(dir.entries().empty());
  }
  SUBCASE("a directory where no file can be made is refused before anything runs, root's permissions or not") {
    // /proc: writable by root's permissions, yet no file is made there; a user without them is refused earlier.
    CHECK_THROWS_AS(output_file("/proc/policybench-report.json"), usage_error);
    CHECK_FALSE(fs::exists("/proc/policybench-report.json"));
  }
}

TEST_CASE("output_file follows a dangling link, takes a 255-byte name, and knows stdout by its file") {
  const temp_dir dir;
  fs::create_symlink("made.json", dir.path / "link.json");
  {
    output_file f((dir.path / "link.json").string());
    f.stream() << "through the link";
    f.commit();
  }
  CHECK(fs::is_symlink(dir.path / "link.json"));
  CHECK(read_file(dir.path / "made.json") == "through the link");
  const fs::path longest = dir.path / (std::string(250, 'r') + ".json"); // NAME_MAX: 255 bytes
  {
    output_file f(longest.string());
    f.stream() << "long";
    f.commit();
  }
  CHECK(read_file(longest) == "long");
  CHECK(dir.entries().size() == 3);
  CHECK_FALSE(is_standard_output(longest.string()));
  CHECK(is_standard_output("/dev/stdout") == fs::exists("/dev/stdout"));
}

TEST_CASE("a signal while the complete report is renamed into place ends the process after it: the report is whole") {
  const temp_dir dir;
  const fs::path target = dir.path / "report.json";
  for (const int signal : {SIGINT, SIGTERM}) { // a first Ctrl-C as the run ends, or a kill
    CAPTURE(signal);
    static int sent; // for the captureless hook
    sent = signal;
    const pid_t pid = ::fork();
    if (pid == 0) {
      std::signal(signal, SIG_DFL);
      output_file f(target.string());
      f.stream() << "a whole report\n";
      // From another thread, as when oneTBB's or OpenMP's workers run: the handler may run in any thread.
      before_rename = [] { std::thread([] { std::raise(sent); }).join(); };
      f.commit();
      ::_exit(0); // not reached: the signal ends the process once the report has its name
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == signal);
    CHECK(read_file(target) == "a whole report\n");
    CHECK(dir.entries() == std::vector<std::string>{"report.json"});
    fs::remove(target);
  }
}
