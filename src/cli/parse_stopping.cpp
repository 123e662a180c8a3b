// --sweep and its bounds, --min-time, --max-noise, --timeout, --order and --seed, and --work K (increments per
// element per call, refused where exact validation would break): the checks that depend on which others were given,
// each a one-line usage_error. CLI11 has already checked and converted every value.
#include "cli/options.hpp"

#include "measure/validation.hpp"

#include <CLI/CLI.hpp>

namespace policybench {
namespace {

void check_sweep(options& o, const CLI::App& app) {
  const bool bounds = app.count("--min-size") > 0 || app.count("--max-size") > 0;
  if (o.sweep.kind == sweep_kind::none) {
    if (bounds) throw usage_error("--min-size/--max-size: only with --sweep size");
    return;
  }
  if (o.sweep.kind == sweep_kind::threads && o.threads)
    throw usage_error("--threads: not with --sweep threads, which runs every thread count from 1 to the logical cores");
  if (o.sweep.kind != sweep_kind::size && bounds)
    throw usage_error("--min-size/--max-size: only with --sweep size; --sweep " +
                      std::string(name_in(sweep_kind_names, o.sweep.kind)) + " runs one --size");
  if (o.sweep.kind == sweep_kind::size && app.count("--size") > 0)
    throw usage_error("--size: not with --sweep size; bound the series with --min-size and --max-size");
  if (o.sweep.min_size < 1) throw usage_error("--min-size: must be at least 1 element");
  if (o.sweep.min_size > o.sweep.max_size)
    throw usage_error("--min-size: " + std::to_string(o.sweep.min_size) + " is larger than --max-size " +
                      std::to_string(o.sweep.max_size));
  if (app.count("--min-time") == 0) o.run.min_time_s = sweep_min_time_s;
}

// --work K, or --min-work and --max-work: last, since whether K stays exact depends on the type and the calls.
void check_work(const options& o, const CLI::App& app) {
  const bool sweep = o.sweep.kind == sweep_kind::work;
  if (!sweep && (app.count("--min-work") > 0 || app.count("--max-work") > 0))
    throw usage_error("--min-work/--max-work: only with --sweep work");
  if (sweep && app.count("--work") > 0)
    throw usage_error("--work: not with --sweep work; bound the series with --min-work and --max-work");
  if (o.sweep.min_work > o.sweep.max_work)
    throw usage_error("--min-work: " + std::to_string(o.sweep.min_work) + " is larger than --max-work " +
                      std::to_string(o.sweep.max_work));
  if (const auto why = outside_exact_range(o.run, std::uint64_t(sweep ? o.sweep.max_work : o.run.work),
                                           sweep ? "--max-work" : "--work"))
    throw usage_error(*why);
}

} // namespace

void parse_stopping(options& o, const CLI::App& app, double budget_s) {
  const auto given = [&](const char* name) { return app.count(name) > 0; };
  check_sweep(o, app);
  const bool sweep = o.sweep.kind != sweep_kind::none;
  o.run.max_noise /= 100; // a percentage on the command line, a fraction in the run
  if (given("--min-time") && !sweep && !given("--max-noise"))
    throw usage_error("--min-time: only with --sweep or --max-noise (give --max-noise PCT with it: time alone is no "
                      "target for a run)");
  // A run told neither a count nor a criterion runs until its medians are known to +-2%: a fixed count would be
  // too few calls on a noisy machine and needlessly many on a quiet one. --timeout is a bound, not a criterion:
  // alone it bounds that default (not a fixed count of calls that --reps was never given).
  o.default_stopping = !sweep && !given("--reps") && !given("--max-noise") && !given("--min-time");
  if (o.default_stopping) o.run.max_noise = default_max_noise;
  // A whole run ends on time, quiet machine or busy, and so does a sweep (--budget gives a long series room).
  o.order.budget = time_budget::from_now(given("--budget") ? budget_s
                                         : sweep           ? default_sweep_budget_s
                                                           : default_budget_s);
  if ((sweep || o.run.max_noise > 0) && !given("--reps")) o.run.reps = sweep_max_reps;
  if (sweep && !given("--order")) o.order.order = policy_order::sequential;
  if (sweep && o.order.order == policy_order::interleaved)
    throw usage_error("--order interleaved: not with --sweep, which measures each point's policies one after "
                      "another so that small arrays stay cache-hot");
  if (given("--seed") && o.order.order != policy_order::interleaved)
    throw usage_error("--seed: only with --order interleaved");
  // Google Benchmark's and pyperf's --repetitions: more rounds, each with fresh arrays (hence fresh pages), widen
  // the median's interval to what a rerun sees; every round makes at least one counted call of each row.
  if (given("--repetitions")) {
    if (o.order.order != policy_order::interleaved)
      throw usage_error("--repetitions: only for a comparison run, whose policies are interleaved (not with --sweep "
                        "or --order sequential)");
    if (given("--reps") && o.run.reps < o.order.rounds)
      throw usage_error("--repetitions: " + std::to_string(o.order.rounds) +
                        " rounds need at least as many --reps, not " + std::to_string(o.run.reps));
  }
  check_work(o, app);
}

} // namespace policybench
