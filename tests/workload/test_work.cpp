// --work K: the chain adds exactly K on every type and every host policy, the compiler has not folded it (a planted
// x + K shortcut is caught), and runs that would leave a type's exact range are refused.
#include <doctest/doctest.h>

#include "host_rows.hpp"
#include "measure/ceilings.hpp"
#include "measure/run_config.hpp"
#include "policies/policy_rows.hpp"
#include "policybench/workload.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <execution>
#include <type_traits>
#include <vector>

using namespace policybench;

namespace {

// The fastest timed call of a host row at `work` increments per element over 2^16 float64: of 20 calls at K = 1
// (tens of microseconds each; an OpenMP team that lost a thread to other work can take a timeslice, ~8 ms), of 2
// above (~25-50 ms each), so that the fastest is a quiet one on a busy machine too.
double fastest_call_s(const policy_entry& p, int work) {
  run_config cfg{
      .type = element_type::float64, .size = std::size_t(1) << 16, .warmup = 0, .stop = {.reps = work == 1 ? 20 : 2}};
  cfg.keep_disturbed = true, cfg.work = work;
  const measurement m = p.measure(cfg);
  REQUIRE_MESSAGE(!m.validation_error, m.validation_error.value_or(""));
  return *std::min_element(m.in_place.warm_s.begin(), m.in_place.warm_s.end());
}

// An unfolded chain of K = 1024 costs at least 2 x 1024 FLOPs per element: 0.8 ms for 2^16 elements even at this
// machine's whole SIMD FMA peak (~170 GFLOP/s), and ~50 ms latency-bound, against tens of microseconds for K = 1.
// A folded chain (x + K) costs what K = 1 costs. 4x separates the two with room for a busy machine.
constexpr int folding_k = 1024;
bool looks_folded(double k1_s, double k_s) { return k_s < 4 * k1_s; }

// The shortcut a compiler (or a careless edit of increment_chain) could make: the same result, no chain.
struct planted_shortcut {
  template <class W, class T> void operator()(W, operands<T> a, int work) const {
    for (std::size_t i = 0; i < a.n; ++i)
      a.out[i] = a.out[i] + T(work);
  }
};

} // namespace

TEST_CASE_TEMPLATE("increment_chain adds exactly K, and with_increment keeps K = 1 the plain increment", T, float,
                   double, std::int32_t, std::int64_t) {
  for (const int k : {2, 3, 17, 1024}) {
    CAPTURE(k);
    CHECK(with_increment<T>(k, [](auto op) { return op(T(5)); }) == T(5 + k));
    CHECK(with_increment<T>(k, [](auto op) { return std::is_same_v<decltype(op), increment_chain<T>>; }));
  }
  CHECK(with_increment<T>(1, [](auto op) { return std::is_same_v<decltype(op), increment>; }));
  CHECK(increment_chain<T>{.steps = 3, .multiplier = T(2)}(T(1)) == T(15)); // ((1*2+1)*2+1)*2+1: really a chain
}

TEST_CASE_TEMPLATE("increment_all with --work K leaves start + calls x K", T, float, double, std::int32_t,
                   std::int64_t) {
  constexpr std::size_t n = 1031;
  std::vector<T> data(n);
  for (std::size_t i = 0; i < n; ++i)
    data[i] = expected_value<T>(i, 0);
  increment_all(std::execution::par_unseq, data.data(), data.data() + n, 7);
  increment_all(std::execution::seq, data.data(), data.data() + n, 7);
  CHECK(first_wrong<increment_workload>(data.data(), n, 2, 7) == n);
  CHECK(first_wrong<increment_workload>(data.data(), n, 2, 1) == 0); // 2 calls of K = 1 would not match
}

TEST_CASE("every host policy validates start + calls x K") {
  run_config cfg{element_type::float32, 4099, 1, {2}};
  cfg.keep_disturbed = true, cfg.work = 5;
  for (const policy_entry& p : host_rows()) {
    if (p.unavailable) continue;
    CAPTURE(p.name);
    const measurement m = p.measure(cfg);
    CHECK_MESSAGE(!m.validation_error, m.validation_error.value_or(""));
  }
}

TEST_CASE("no host policy's chain is folded, and a planted x + K shortcut is caught") {
  for (const policy_entry& p : host_rows()) {
    if (p.unavailable) continue;
    CAPTURE(p.name);
    const double k1 = fastest_call_s(p, 1), k = fastest_call_s(p, folding_k);
    CHECK_MESSAGE(!looks_folded(k1, k), "K=1 ", k1, " s, K=", folding_k, " ", k, " s");
  }
  const policy_entry planted = host_entry("planted", "x + K", host_threading::one_thread, planted_shortcut{});
  CHECK(looks_folded(fastest_call_s(planted, 1), fastest_call_s(planted, folding_k)));
}

TEST_CASE("the host compute ceiling counts 2 FLOPs per lane and step, and its chains beat one chain per element") {
  run_config cfg{element_type::float64, 0, 2, {10}};
  cfg.keep_disturbed = true; // exactly 10 timed calls, however busy the test machine
  const measurement c = measure_host_compute(cfg);
  CHECK(c.in_place.warm_s.size() == 10);
  CHECK_FALSE(c.validation_error);
  CHECK(c.bytes_per_call == 0.0);
  CHECK(host_compute_peak(element_type::float64, 2, 0).gflop_per_s == 0); // no clock given: no peak claimed
  CHECK(host_compute_peak(element_type::float64, 2, 1000).gflop_per_s > 0);
  const double best_s = *std::min_element(c.in_place.warm_s.begin(), c.in_place.warm_s.end());
  const double best_gflop_per_s = *c.flops_per_call / best_s / 1e9;
  // 12 independent vector chains against the loop's one scalar chain per element at K = 1024: at least 4x faster.
  const policy_entry loop = host_entry("loop", "test", host_threading::one_thread, plain_loop{});
  const double loop_gflop_per_s = 2.0 * folding_k * (1 << 16) / fastest_call_s(loop, folding_k) / 1e9;
  CHECK_MESSAGE(best_gflop_per_s > 4 * loop_gflop_per_s, best_gflop_per_s, " vs ", loop_gflop_per_s);
}

TEST_CASE("a run that could leave the element type's exact range is refused, one increment inside is not") {
  run_config cfg{element_type::float32, 1000, 3, {10}};
  cfg.hold_stream = true;
  const std::uint64_t calls = max_calls_per_buffer(cfg);
  CHECK(calls == 1 + 3 + 2 * 30); // up to 3 x --reps timed calls (disturbed ones left out), each unheld + held
  for (const auto& [t, name] : element_type_names) {
    CAPTURE(name);
    cfg.type = t;
    const std::uint64_t largest = (exact_limit(t) - 1023) / calls; // 1023 + calls x K <= the limit
    CHECK_FALSE(outside_exact_range(cfg, largest));
    CHECK(outside_exact_range(cfg, largest + 1));
  }
  cfg.type = element_type::float32;
  CHECK(exact_limit(cfg.type) == 16'777'216); // 2^24: float32's last integer before gaps of 2
  CHECK(float(16'777'216) + 1.0f == 16'777'216.0f);
  cfg.hold_stream = false; // batches of 10 behind an unheld call: more calls, a smaller K fits
  CHECK(max_calls_per_buffer(cfg) == 1 + 3 + 11 * 30);
  cfg.keep_disturbed = true; // every call made is counted: --reps is the most
  CHECK(max_calls_per_buffer(cfg) == 1 + 3 + 11 * 10);
}
