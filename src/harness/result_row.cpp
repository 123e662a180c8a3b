// A row's extra figures by name, and the status words: the one place either is looked up.
#include "harness/result_row.hpp"

#include "measure/enum_names.hpp"

#include <algorithm>

namespace policybench {

void set_extra(result_row& row, extra e) {
  const auto same =
      std::find_if(row.extras.begin(), row.extras.end(), [&](const extra& x) { return x.name == e.name; });
  if (same == row.extras.end())
    row.extras.push_back(std::move(e));
  else
    *same = std::move(e);
}

const extra* find_extra(const result_row& row, std::string_view name) {
  const auto found = std::find_if(row.extras.begin(), row.extras.end(), [&](const extra& x) { return x.name == name; });
  return found == row.extras.end() ? nullptr : &*found;
}

figure extra_figure(const result_row& row, std::string_view name) {
  const extra* e = find_extra(row, name);
  const figure* f = e ? std::get_if<figure>(&e->value) : nullptr;
  return f ? *f : figure();
}

std::optional<std::string> extra_text(const result_row& row, std::string_view name) {
  const extra* e = find_extra(row, name);
  const auto* text = e ? std::get_if<std::optional<std::string>>(&e->value) : nullptr;
  return text ? *text : std::nullopt;
}

// The report's words for a row's status.
constexpr enum_name<row_status> row_status_names[] = {{row_status::ok, "ok"},
                                                      {row_status::invalid, "invalid"},
                                                      {row_status::failed, "failed"},
                                                      {row_status::unavailable, "unavailable"}};

std::string to_string(row_status s) { return std::string(name_in(row_status_names, s)); }

std::optional<row_status> parse_row_status(std::string_view text) { return parse_in(row_status_names, text); }

} // namespace policybench
