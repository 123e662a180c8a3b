// --list-policies: every registry entry with where it runs, what runs it and whether it can run here.
#include "report/report.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>

namespace policybench {

void write_policy_list(const std::vector<policy_entry>& registry, std::ostream& out) {
  std::size_t name_width = 6, backend_width = 7;
  for (const auto& p : registry) {
    name_width = std::max(name_width, p.name.size());
    backend_width = std::max(backend_width, p.backend.size());
  }
  fmt::print(out, "{:<{}}  {:<6}  {:<{}}  {}\n", "policy", name_width, "device", "backend", backend_width, "status");
  for (const auto& p : registry)
    fmt::print(out, "{:<{}}  {:<6}  {:<{}}  {}\n", p.name, name_width, p.device, p.backend, backend_width,
               p.unavailable ? "unavailable: " + *p.unavailable : std::string("available"));
}

} // namespace policybench
