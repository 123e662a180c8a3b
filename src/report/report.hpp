// Reports: the run's JSON (results.hpp) rendered as a table, markdown, CSV or JSON, and the policy list.
#pragma once

#include "cli/options.hpp"
#include "policies/policy.hpp"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace policybench {

/// Writes `report` (as made by to_json) to `out` in `format`. Table and markdown: one row per policy that ran,
/// times in milliseconds, then unavailable or failed policies, the ceilings and the warnings. CSV: one row per
/// policy with the JSON result fields as columns (warnings are not part of CSV). JSON: the document itself.
void write_report(const nlohmann::ordered_json& report, output_format format, std::ostream& out);

/// The fixed-width table or markdown rendering alone (format table or markdown).
void write_table(const nlohmann::ordered_json& report, bool markdown, std::ostream& out);

/// The CSV rendering alone: a header of result field names, then one line per result (RFC 4180 quoting).
void write_csv(const nlohmann::ordered_json& report, std::ostream& out);

/// --list-policies: name, device, backend and "available" or "unavailable: reason", one policy per line.
void write_policy_list(const std::vector<policy_entry>& registry, std::ostream& out);

} // namespace policybench
