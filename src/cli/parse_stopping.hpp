// The options that decide which points a run measures, how many timed calls each row gets and in what order:
// checked together, since each one's meaning depends on the others.
#pragma once

#include "cli/options.hpp"

#include <optional>
#include <string>

namespace policybench {

/// The texts given to --sweep, --min-size, --max-size, --min-time ("" = not given), --max-noise, --timeout,
/// --order and --seed (nullopt = not given, so that an empty value is refused), and whether --size and --reps were.
struct stopping_texts {
  std::string sweep, min_size, max_size, min_time, work, min_work, max_work;
  std::optional<std::string> max_noise, timeout, order, seed, budget;
  bool size_given = false, reps_given = false;
};

/// Sets o.sweep, o.min_size, o.max_size, o.order, o.default_stopping and o.run's min_time_s, max_noise, timeout_s,
/// budget_s and deadline (--budget, else default_budget_s for a run, default_sweep_budget_s for a sweep; from now on)
/// (and reps: the cap sweep_max_reps unless --reps was given, when --sweep, --max-noise or the default stopping
/// decides the count). Throws usage_error
/// naming the option (see parse_options) for values out of range and for combinations that mean nothing:
/// --min-size/--max-size without --sweep size, --min-time without --sweep or --max-noise, --order interleaved
/// with --sweep, --seed without interleaving.
void parse_stopping(options& o, const stopping_texts& t);

/// Sets o.run.work (--work K, 1..2^31 - 1), or o.min_work and o.max_work for --sweep work. Call after everything
/// else is parsed: refuses, as one line naming the option, a K (a sweep: its largest) that could take an element
/// beyond the element type's exact range (outside_exact_range), --work with --sweep work, --min-work/--max-work
/// without it, and --min-work above --max-work.
void parse_work(options& o, const stopping_texts& t);

} // namespace policybench
