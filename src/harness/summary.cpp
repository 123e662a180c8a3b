// The summary's rules: which rows count, what an interval is, what makes rows tied and a speedup real.
#include "harness/summary.hpp"

#include "harness/ceiling_rows.hpp"

#include "harness/rules.hpp"

#include <algorithm>

namespace policybench {
namespace {

bool counted(const result_row& r) { return is_policy(r) && r.status == row_status::ok && r.median_s; }

bool overlap(const median_span& a, const median_span& b) { return a.low_s <= b.high_s && b.low_s <= a.high_s; }

bool runs_parallel(const result_row& r) {
  return r.device == "device" || (r.effective_parallelism && *r.effective_parallelism >= serial_parallelism);
}

} // namespace

std::optional<median_span> median_span_of(const result_row& row) {
  if (!row.median_s) return std::nullopt;
  if (row.median_ci_low_s && row.median_ci_high_s) return median_span{*row.median_ci_low_s, *row.median_ci_high_s};
  if (row.samples_s.empty()) return median_span{*row.median_s, *row.median_s};
  const auto [low, high] = std::minmax_element(row.samples_s.begin(), row.samples_s.end());
  return median_span{*low, *high};
}

run_summary summarize_run(std::span<const result_row> rows, std::optional<regime_report> regime) {
  run_summary s{.regime = std::move(regime)};
  const result_row* fastest = nullptr;
  for (const auto& r : rows)
    if (counted(r) && (!fastest || *r.median_s < *fastest->median_s)) fastest = &r;
  if (!fastest) return s;
  const median_span best = *median_span_of(*fastest);
  s.fastest = fastest->policy;
  s.fastest_median_s = fastest->median_s, s.fastest_low_s = best.low_s, s.fastest_high_s = best.high_s;
  for (const auto& r : rows)
    if (&r != fastest && counted(r) && overlap(*median_span_of(r), best)) s.tied_with_fastest.push_back(r.policy);
  const result_row* loop = loop_baseline(rows);
  s.loop_ran = loop && loop->median_s;
  if (!s.loop_ran) return s;
  const median_span loop_span = *median_span_of(*loop);
  const result_row* winner = nullptr;
  for (const auto& r : rows)
    if (counted(r) && runs_parallel(r) && median_span_of(r)->high_s < loop_span.low_s &&
        (!winner || *r.median_s < *winner->median_s))
      winner = &r;
  if (winner) s.speedup = parallel_speedup{winner->policy, *loop->median_s / *winner->median_s};
  return s;
}

} // namespace policybench
