// --sweep and its bounds, --min-time, --max-noise, --timeout, --order and --seed, and --work K (increments per
// element per call, refused where exact validation would break): each check a one-line usage_error.
#include "cli/options.hpp"

#include "measure/work.hpp"

#include <charconv>
#include <limits>
#include <system_error>

namespace policybench {
namespace {

constexpr auto max_k = std::uint64_t(std::numeric_limits<int>::max()); // the chain's step counter is an int

// A decimal number in (0, max]: from_chars, so "1e-3" is accepted and "nan", "inf", "abc", "" are not.
double parse_positive(const char* option, const std::string& text, double max, const char* what) {
  double value = 0;
  const char* const last = text.data() + text.size();
  const auto [end, ec] = std::from_chars(text.data(), last, value);
  if (ec != std::errc() || end != last || !(value > 0 && value <= max))
    throw usage_error(std::string(option) + ": '" + text + "' is not " + what);
  return value;
}

void parse_sweep(options& o, const stopping_texts& t) {
  if (t.sweep.empty()) {
    if (!t.min_size.empty() || !t.max_size.empty()) throw usage_error("--min-size/--max-size: only with --sweep size");
    return;
  }
  o.sweep.kind = parse_choice("--sweep", sweep_kind_names, t.sweep);
  if (o.sweep.kind == sweep_kind::threads && o.threads)
    throw usage_error("--threads: not with --sweep threads, which runs every thread count from 1 to the logical cores");
  if (o.sweep.kind != sweep_kind::size && (!t.min_size.empty() || !t.max_size.empty()))
    throw usage_error("--min-size/--max-size: only with --sweep size; --sweep " + t.sweep + " runs one --size");
  if (o.sweep.kind == sweep_kind::size && t.size_given)
    throw usage_error("--size: not with --sweep size; bound the series with --min-size and --max-size");
  if (!t.min_size.empty()) o.sweep.min_size = parse_count("--min-size", t.min_size);
  if (!t.max_size.empty()) o.sweep.max_size = parse_count("--max-size", t.max_size);
  if (o.sweep.min_size < 1) throw usage_error("--min-size: must be at least 1 element");
  if (o.sweep.min_size > o.sweep.max_size)
    throw usage_error("--min-size: " + std::to_string(o.sweep.min_size) + " is larger than --max-size " +
                      std::to_string(o.sweep.max_size));
  o.run.min_time_s = sweep_min_time_s;
}

// --work K, or --min-work and --max-work: last, since whether K stays exact depends on the type and the calls.
void parse_work(options& o, const stopping_texts& t) {
  const bool sweep = o.sweep.kind == sweep_kind::work;
  if (!sweep && (!t.min_work.empty() || !t.max_work.empty()))
    throw usage_error("--min-work/--max-work: only with --sweep work");
  if (sweep && !t.work.empty())
    throw usage_error("--work: not with --sweep work; bound the series with --min-work and --max-work");
  if (!t.work.empty()) o.run.work = parse_int("--work", t.work, 1, max_k);
  if (!t.min_work.empty()) o.sweep.min_work = parse_int("--min-work", t.min_work, 1, max_k);
  if (!t.max_work.empty()) o.sweep.max_work = parse_int("--max-work", t.max_work, 1, max_k);
  if (o.sweep.min_work > o.sweep.max_work)
    throw usage_error("--min-work: " + std::to_string(o.sweep.min_work) + " is larger than --max-work " +
                      std::to_string(o.sweep.max_work));
  if (const auto why = outside_exact_range(o.run, std::uint64_t(sweep ? o.sweep.max_work : o.run.work),
                                           sweep ? "--max-work" : "--work"))
    throw usage_error(*why);
}

} // namespace

void parse_stopping(options& o, const stopping_texts& t) {
  parse_sweep(o, t);
  const bool sweep = o.sweep.kind != sweep_kind::none;
  if (t.max_noise) o.run.max_noise = parse_positive("--max-noise", *t.max_noise, 100, "a percentage in (0, 100]") / 100;
  if (!t.min_time.empty()) {
    if (!sweep && !t.max_noise)
      throw usage_error("--min-time: only with --sweep or --max-noise (give --max-noise PCT with it: time alone is no "
                        "target for a run)");
    o.run.min_time_s = parse_positive("--min-time", t.min_time, 60, "a number of seconds in (0, 60]");
  }
  if (t.timeout) o.run.timeout_s = parse_positive("--timeout", *t.timeout, 3600, "a number of seconds in (0, 3600]");
  // A run told neither a count nor a criterion runs until its medians are known to +-2%: a fixed count would be
  // too few calls on a noisy machine and needlessly many on a quiet one. --timeout is a bound, not a criterion:
  // alone it bounds that default (not a fixed count of calls that --reps was never given).
  o.default_stopping = !sweep && !t.reps_given && !t.max_noise && t.min_time.empty();
  if (o.default_stopping) o.run.max_noise = default_max_noise;
  // A whole run ends on time, quiet machine or busy, and so does a sweep (--budget gives a long series room).
  o.order.budget =
      time_budget::from_now(t.budget ? parse_positive("--budget", *t.budget, 86400, "a number of seconds in (0, 86400]")
                            : sweep  ? default_sweep_budget_s
                                     : default_budget_s);
  if ((sweep || o.run.max_noise > 0) && !t.reps_given) o.run.reps = sweep_max_reps;
  o.order.order = !t.order ? (sweep ? policy_order::sequential : policy_order::interleaved)
                           : parse_choice("--order", policy_order_names, *t.order);
  if (sweep && o.order.order == policy_order::interleaved)
    throw usage_error("--order interleaved: not with --sweep, which measures each point's policies one after "
                      "another so that small arrays stay cache-hot");
  if (t.seed) {
    if (o.order.order != policy_order::interleaved) throw usage_error("--seed: only with --order interleaved");
    o.order.seed = parse_count("--seed", *t.seed, "42");
  }
  // Google Benchmark's and pyperf's --repetitions: more rounds, each with fresh arrays (hence fresh pages), widen
  // the median's interval to what a rerun sees; every round makes at least one counted call of each row.
  if (t.repetitions) {
    if (o.order.order != policy_order::interleaved)
      throw usage_error("--repetitions: only for a comparison run, whose policies are interleaved (not with --sweep "
                        "or --order sequential)");
    o.order.rounds = parse_int("--repetitions", *t.repetitions, 1, 1000);
    if (t.reps_given && o.run.reps < o.order.rounds)
      throw usage_error("--repetitions: " + std::to_string(o.order.rounds) +
                        " rounds need at least as many --reps, not " + std::to_string(o.run.reps));
  }
  parse_work(o, t);
}

} // namespace policybench
