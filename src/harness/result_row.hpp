// One result row of the typed model: the figures every row has, computed once, and the named extra figures a mode
// adds where it measures them (as Google Benchmark's UserCounters), which every writer prints without knowing them.
#pragma once

#include "harness/figure.hpp"
#include "measure/ceilings.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace policybench {

enum class row_status { ok, invalid, failed, unavailable };

/// How the table shows an extra figure: a column under `header` (empty: no column; JSON, CSV and gbench carry the
/// figure all the same). A figure in seconds is shown in the table's one duration unit, any other as value x
/// `scale` with `decimals` and `suffix` ("x", "%").
struct extra_column {
  std::string header;
  int decimals = 2;
  double scale = 1;
  std::string suffix = "";
};

/// A figure (none: null in JSON, '-' in the table) or a text (none: null).
using extra_value = std::variant<figure, std::optional<std::string>>;

/// A named figure beyond the common ones, added by the mode that measures it: one line makes a column.
struct extra {
  std::string name;         ///< the JSON and CSV name, in the field's terms with its unit: "kernel_median_s"
  extra_value value = {};   ///< what this row has
  std::string unit = "";    ///< "s" (a duration), "GB/s", "MHz", "x" (a ratio), "count" (integer), "" (fraction, text)
  extra_column column = {}; ///< how the table shows it
};

/// A timing view's median and the ends of its interval (summarize_series), in seconds; none where it has none.
struct view_figures {
  figure median_s{}, low_s{}, high_s{};
};

/// One policy at one point (README "JSON schema"; report/row_fields.cpp lists the common fields in the JSON's order).
/// Times in seconds, throughput in GB/s (10^9 bytes/s), shares in percent, cv as a fraction.
struct result_row {
  std::string policy;
  side device = side::host;
  std::string backend;
  /// A policy, or a ceiling: a kernel the policies of its device are set against (policies/ceiling_streams.cpp),
  /// measured and summarized as they are; `bounds` says what a ceiling bounds (none for a policy).
  stream_role role = stream_role::policy;
  std::optional<ceiling_bound> bounds = std::nullopt;
  row_status status = row_status::ok;
  std::optional<std::string> reason = std::nullopt; ///< why unavailable or failed
  std::string type;                                 ///< element type, e.g. "float64"
  std::uint64_t size = 0;                           ///< element count
  double bytes_per_call = 0;
  int warmup = 0;
  /// Timed calls the figures count (samples_s); none for a row that did not run (unavailable, failed).
  std::optional<std::uint64_t> reps = std::nullopt;
  /// Timed calls disturbed by other work (measure/thread_clocks.hpp): left out of the figures unless the run kept
  /// them; none where the kernel gives no wait times or the row did not run.
  std::optional<std::uint64_t> disturbed_calls = std::nullopt;
  /// More than half of the row's timed calls were disturbed: its figures do not show a quiet machine.
  std::optional<bool> mostly_disturbed = std::nullopt;
  int threads = 0; ///< host concurrency during the run: the threads oneTBB could use
  figure cold_s{}, min_s{}, median_s{}, mean_s{}, stddev_s{}, cv{}; ///< cold call; warm statistics (stats.hpp)
  std::vector<double> samples_s = {}; ///< every counted timed call's host-clock duration, in the order made
  /// The median's distribution-free confidence interval (measure/stats.hpp) and the coverage it attains (a
  /// fraction, >= 0.95); none below 6 samples, where even [min, max] covers less.
  figure median_ci_low_s{}, median_ci_high_s{}, median_ci_confidence{};
  /// Device rows: the kernel view (CUDA-event times), on which the row's throughput, its share of the ceiling and
  /// its marks rest (harness/gpu_views.hpp writes it as kernel_median_s and kernel_median_ci_*_s).
  view_figures kernel{};
  figure effective_parallelism{}; ///< process CPU time / wall time over the timed calls (timed_calls)
  std::optional<std::uint64_t> huge_page_bytes = std::nullopt; ///< host rows: bytes of the array on huge pages
  figure gb_per_s{}, pct_of_ceiling{}, speedup_vs_loop{};      ///< from median_s (pct: device rows from kernel time)
  /// The row's throughput beats its ceiling beyond both intervals (harness/rules.hpp); none without a share.
  std::optional<bool> above_ceiling = std::nullopt;
  std::optional<bool> validated = std::nullopt; ///< none for a row that did not run (unavailable, failed)
  std::optional<std::string> validation_error = std::nullopt;
  std::optional<std::string> stopped_by = std::nullopt; ///< "reps", "min_time", ... (measure/stopping.hpp)
  std::vector<extra> extras = {};                       ///< in the order first set, one per name (set_extra)
};

/// Whether a row is a policy's, not a ceiling's.
inline bool is_policy(const result_row& row) { return row.role == stream_role::policy; }

/// Sets `e` on `row`: replaces the extra of its name, or appends it.
void set_extra(result_row& row, extra e);

/// The row's extra named `name`, or nullptr.
const extra* find_extra(const result_row& row, std::string_view name);

/// The figure of the row's extra `name`; none when the row lacks it or it is a text.
figure extra_figure(const result_row& row, std::string_view name);

/// The text of the row's extra `name`; nullopt when the row lacks it or it is a figure.
std::optional<std::string> extra_text(const result_row& row, std::string_view name);

/// "ok", "invalid", "failed", "unavailable" (the JSON's words), and back; nullopt for any other text.
std::string to_string(row_status s);
std::optional<row_status> parse_row_status(std::string_view text);

} // namespace policybench
