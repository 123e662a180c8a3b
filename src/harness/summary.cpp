// The summary's rules: which rows count, what an interval is, what makes rows tied and a speedup real.
#include "harness/summary.hpp"

#include "harness/rules.hpp"

#include <algorithm>
#include <string>

namespace policybench {
namespace {

bool counted(const result_row& r) { return is_policy(r) && r.status == row_status::ok && r.median_s; }

bool runs_parallel(const result_row& r) {
  return r.device == side::device || (r.effective_parallelism && *r.effective_parallelism >= serial_parallelism);
}

// Why `r` cannot take part in a speedup: its median has no 95% interval.
std::string too_few_calls(const result_row& r) {
  const std::size_t n = r.samples_s.size();
  return r.policy + " has " + std::to_string(n) + " counted timed call" + (n == 1 ? "" : "s") +
         ", a 95% interval needs 6";
}

// What gives a row more calls, said with the summary's first reason only.
constexpr const char* more_calls = " (a larger --budget or a quieter machine gives more)";

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
  if (!fastest->median_ci_low_s) { // a point or a range of a few calls ranks nothing
    s.fastest_unjudged = too_few_calls(*fastest) + more_calls;
  } else {
    const median_span best = *median_span_of(*fastest);
    s.fastest = fastest->policy;
    s.fastest_median_s = fastest->median_s, s.fastest_low_s = best.low_s, s.fastest_high_s = best.high_s;
    for (const auto& r : rows)
      if (const auto span = median_span_of(r);
          &r != fastest && counted(r) && overlap(span->low_s, span->high_s, best.low_s, best.high_s))
        s.tied_with_fastest.push_back(r.policy);
  }
  const result_row* loop = loop_baseline(rows);
  s.loop_ran = loop && loop->median_s;
  if (!s.loop_ran) return s;
  const std::string remedy = s.fastest_unjudged ? "" : more_calls;
  if (!loop->median_ci_low_s) {
    s.speedup_unjudged = too_few_calls(*loop) + remedy;
    return s;
  }
  const result_row *winner = nullptr, *unjudged = nullptr;
  for (const auto& r : rows) {
    if (!counted(r) || !runs_parallel(r) || *r.median_s >= *loop->median_s) continue;
    if (!r.median_ci_low_s) {
      if (!unjudged) unjudged = &r;
    } else if (*r.median_ci_high_s < *loop->median_ci_low_s && (!winner || *r.median_s < *winner->median_s)) {
      winner = &r;
    }
  }
  if (winner) s.speedup = parallel_speedup{winner->policy, *loop->median_s / *winner->median_s};
  if (!winner && unjudged) s.speedup_unjudged = too_few_calls(*unjudged) + remedy;
  return s;
}

} // namespace policybench
