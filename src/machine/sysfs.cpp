// The host's caches, transparent-huge-page mode and NUMA nodes as the kernel reports them in sysfs.
#include "machine/sysfs.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <limits>
#include <map>
#include <system_error>

namespace policybench {
namespace {

namespace fs = std::filesystem;

std::string first_line(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  while (!line.empty() && (line.back() == ' ' || line.back() == '\n' || line.back() == '\r'))
    line.pop_back();
  return line;
}

// The decimal digits `text` starts with as a number (no sign), or std::nullopt; `rest` gets what follows them.
template <class N> std::optional<N> leading_number(std::string_view text, std::string_view& rest) {
  if (text.empty() || text.front() < '0' || text.front() > '9') return std::nullopt;
  N value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{}) return std::nullopt;
  rest = std::string_view(end, std::size_t(text.data() + text.size() - end));
  return value;
}

// The subdirectories of `dir` whose names start with `prefix` followed by digits only ("cpu12", "index3"), sorted:
// the directory's own order is the file system's hash order, and what is read must not depend on it.
std::vector<fs::path> numbered(const fs::path& dir, std::string_view prefix) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    std::string_view rest;
    if (name.rfind(prefix, 0) == 0 && leading_number<int>(std::string_view(name).substr(prefix.size()), rest) &&
        rest.empty())
      out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace

std::optional<std::size_t> parse_kernel_size(std::string_view size) {
  std::string_view unit;
  const auto value = leading_number<std::size_t>(size, unit);
  if (!value) return std::nullopt;
  const std::size_t scale = unit.empty()  ? 1
                            : unit == "K" ? 1 << 10
                            : unit == "M" ? 1 << 20
                            : unit == "G" ? 1 << 30
                                          : 0;
  if (scale == 0 || *value > std::numeric_limits<std::size_t>::max() / scale) return std::nullopt;
  return *value * scale;
}

std::optional<std::vector<int>> parse_kernel_list(std::string_view list) {
  std::vector<int> out;
  while (!list.empty()) {
    std::string_view rest;
    const auto first = leading_number<int>(list, rest);
    if (!first) return std::nullopt;
    int last = *first;
    if (!rest.empty() && rest.front() == '-') {
      const auto upper = leading_number<int>(rest.substr(1), rest);
      // A bound keeps a corrupt range from filling memory: no kernel has a million CPUs or nodes.
      if (!upper || *upper < *first || *upper - *first > 1 << 20) return std::nullopt;
      last = *upper;
    }
    for (int i = *first; i <= last; ++i)
      out.push_back(i);
    if (!rest.empty() && (rest.front() != ',' || rest.size() == 1)) return std::nullopt;
    list = rest.empty() ? rest : rest.substr(1);
  }
  return out;
}

cpu_caches read_cpu_caches(const fs::path& root) {
  cpu_caches c;
  int top_level = 0;
  std::map<std::string, std::size_t> top_instances; // shared_cpu_list -> size: each last-level cache counted once
  for (const fs::path& cpu : numbered(root / "devices/system/cpu", "cpu")) {
    const bool cpu0 = cpu.filename() == "cpu0";
    for (const fs::path& index : numbered(cpu / "cache", "index")) {
      std::string_view rest;
      const std::string level_text = first_line(index / "level");
      const auto level = leading_number<int>(level_text, rest);
      const auto bytes = parse_kernel_size(first_line(index / "size"));
      if (!level || !rest.empty() || !bytes || first_line(index / "type") == "Instruction") continue;
      if (cpu0 && *level == 1) c.l1d_bytes = *bytes;
      if (cpu0 && *level == 2) c.l2_bytes = *bytes;
      if (*level > top_level) top_instances.clear();
      if (*level >= top_level) {
        top_level = *level;
        const std::string shared = first_line(index / "shared_cpu_list");
        top_instances[shared.empty() ? cpu.filename().string() : shared] = *bytes;
      }
    }
  }
  for (const auto& [shared, bytes] : top_instances)
    c.llc_bytes += bytes;
  c.llc_instances = int(top_instances.size());
  return c;
}

std::string read_transparent_hugepage_mode(const fs::path& root) {
  const std::string line = first_line(root / "kernel/mm/transparent_hugepage/enabled");
  const auto open = line.find('['), close = line.find(']');
  return open != std::string::npos && close != std::string::npos && open < close
             ? line.substr(open + 1, close - open - 1)
             : std::string();
}

std::vector<int> read_numa_nodes(const fs::path& root) {
  return parse_kernel_list(first_line(root / "devices/system/node/online")).value_or(std::vector<int>{});
}

} // namespace policybench
