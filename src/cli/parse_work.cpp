// --work K and --sweep work's bounds: increments per element per call, refused where exact validation would break.
#include "cli/parse_stopping.hpp"

#include "measure/work.hpp"

#include <limits>

namespace policybench {
namespace {

constexpr auto max_k = std::uint64_t(std::numeric_limits<int>::max()); // the chain's step counter is an int

} // namespace

void parse_work(options& o, const stopping_texts& t) {
  const bool sweep = o.sweep == sweep_kind::work;
  if (!sweep && (!t.min_work.empty() || !t.max_work.empty()))
    throw usage_error("--min-work/--max-work: only with --sweep work");
  if (sweep && !t.work.empty())
    throw usage_error("--work: not with --sweep work; bound the series with --min-work and --max-work");
  if (!t.work.empty()) o.run.work = parse_int("--work", t.work, 1, max_k);
  if (!t.min_work.empty()) o.min_work = parse_int("--min-work", t.min_work, 1, max_k);
  if (!t.max_work.empty()) o.max_work = parse_int("--max-work", t.max_work, 1, max_k);
  if (o.min_work > o.max_work)
    throw usage_error("--min-work: " + std::to_string(o.min_work) + " is larger than --max-work " +
                      std::to_string(o.max_work));
  if (const auto why = outside_exact_range(o.run, std::uint64_t(sweep ? o.max_work : o.run.work),
                                             sweep ? "--max-work" : "--work"))
    throw usage_error(*why);
}

} // namespace policybench
