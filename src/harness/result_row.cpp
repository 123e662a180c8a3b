// A row's status words: the one place they are looked up.
#include "harness/result_row.hpp"

#include "measure/enum_names.hpp"

namespace policybench {

// The report's words for a row's status.
constexpr enum_name<row_status> row_status_names[] = {{row_status::ok, "ok"},
                                                      {row_status::invalid, "invalid"},
                                                      {row_status::failed, "failed"},
                                                      {row_status::unavailable, "unavailable"}};

std::string to_string(row_status s) { return std::string(name_in(row_status_names, s)); }

std::optional<row_status> parse_row_status(std::string_view text) { return parse_in(row_status_names, text); }

} // namespace policybench
