// The rules of rules.hpp: each figure derived in one place.
#include "harness/rules.hpp"

#include "measure/run_config.hpp"
#include "measure/stats.hpp"
#include "measure/timing.hpp"
#include "policies/registry.hpp"

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace policybench {

figure gb_per_s(double bytes, figure seconds) { return bytes > 0 ? ratio(bytes / 1e9, seconds) : figure(); }

const result_row* loop_baseline(std::span<const result_row> rows) {
  const auto loop = std::find_if(rows.begin(), rows.end(), [](const result_row& r) {
    return r.policy == baseline_policy && r.status == row_status::ok;
  });
  return loop == rows.end() ? nullptr : &*loop;
}

figure speedup_vs_loop(const result_row& row, const result_row* loop) {
  if (!loop || !(row.bytes_per_call > 0)) return {};
  return ratio(loop->median_s, row.median_s);
}

figure measured_parallelism(const timed_calls& t, bool keep_disturbed) {
  const auto counted = counted_samples(t, keep_disturbed);
  const double timed_s = std::accumulate(counted.begin(), counted.end(), 0.0);
  return timed_s >= 0.01 ? figure(effective_parallelism(t, keep_disturbed)) : figure();
}

bool is_noisy(const result_row& row) {
  return row.cv && *row.cv > noisy_cv && row.stopped_by != to_string(stop_reason::max_noise);
}

std::string two_decimals(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

std::string percent(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * fraction);
  return buf;
}

void add_thread_scaling(std::vector<result_row>& rows) {
  for (auto& r : rows) {
    const auto one = std::find_if(rows.begin(), rows.end(), [&](const result_row& o) {
      return o.policy == r.policy && o.threads == 1 && o.median_s;
    });
    const figure speedup = one == rows.end() ? figure() : ratio(one->median_s, r.median_s);
    r.scaling =
        thread_scaling{.speedup_vs_1_thread = speedup, .parallel_efficiency = ratio(speedup, double(r.threads))};
  }
}

bool all_valid(std::span<const result_row> rows) {
  return std::none_of(rows.begin(), rows.end(), [](const result_row& r) {
    return r.status == row_status::invalid || r.status == row_status::failed;
  });
}

} // namespace policybench
