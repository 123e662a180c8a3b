// The built-in workloads, each a parameter written once: a name, an element-wise function object, one or two inputs,
// in place or out of place, the bytes and FLOPs it moves per element, its arrays' starting values and its check.
// No execution header here: the run configuration and nvcc's translation units read these declarations too.
#pragma once

#include "policybench/increment.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>
#include <utility>

namespace policybench {

/// The built-in workloads, in the order --list-workloads prints them, then a user's op of one input (never a
/// --workload: one_input_op below).
enum class workload_id { increment, triad, uneven, poly, one_input_op };

/// The arrays of one call, n elements each: `out` is written; `in` is read (== out for an in-place workload); `in2`
/// is the second input of a two-input workload, else nullptr.
template <class T> struct operands {
  T* out;
  const T* in;
  const T* in2;
  std::size_t n;
};

/// Elements [begin, end) of `a`: one chunk of a call, for a split written by hand.
template <class T> constexpr operands<T> slice(operands<T> a, std::size_t begin, std::size_t end) noexcept {
  return {a.out + begin, a.in + begin, a.in2 ? a.in2 + begin : nullptr, end - begin};
}

/// Bytes one element moves by STREAM's counting: each input read once, the output written once. In place, the output
/// is the first input (read and written). No write-allocate credit: an out-of-place store's read of the line it is
/// about to overwrite is traffic the hardware adds, not the workload (STREAM and BabelStream count alike).
constexpr double stream_bytes_per_element(int inputs, std::size_t element_bytes) noexcept {
  return double(inputs + 1) * double(element_bytes);
}

/// Every built-in workload's T: the increment runs on every element type, the others on floating point only (their
/// checks are BabelStream's relative tolerance, and each type more is one more instantiation per policy).
template <class T> inline constexpr bool floating_only = std::is_floating_point_v<T>;

/// The seed's question: a[i] = a[i] + 1, in place, K times per element with --work K (increment.hpp). Exact check:
/// element i starts at i mod 1024 and after c calls is that + c x K.
struct increment_workload {
  static constexpr workload_id id = workload_id::increment;
  static constexpr std::string_view name = "increment";
  static constexpr int inputs = 1;
  static constexpr bool in_place = true, exact = true;
  template <class T> static constexpr bool supports = true;
  /// 1 FLOP at K = 1 (the add), else 2 per fused step.
  static constexpr double flops_per_element(int work) noexcept { return work == 1 ? 1.0 : 2.0 * work; }
  template <class T> POLICYBENCH_HOST_DEVICE static constexpr T initial(int, std::size_t i, std::size_t, int) noexcept {
    return static_cast<T>(i % 1024);
  }
  template <class T>
  POLICYBENCH_HOST_DEVICE static T expected(std::size_t i, std::size_t n, std::uint64_t calls, int work) noexcept {
    return initial<T>(0, i, n, work) + static_cast<T>(calls * std::uint64_t(work));
  }
  template <class T, class F> static decltype(auto) with_op(int work, F&& f) { return with_increment<T>(work, f); }
};

/// STREAM's triad a = b + s c, s = 3: out of place, two inputs, 2 FLOPs and 3 elements moved per element.
/// b starts at i mod 1024 and c at half that, so every value is exact; checked against the formula with tolerance.
struct triad_workload {
  static constexpr workload_id id = workload_id::triad;
  static constexpr std::string_view name = "triad";
  static constexpr int inputs = 2;
  static constexpr bool in_place = false, exact = false;
  template <class T> static constexpr bool supports = floating_only<T>;
  static constexpr double flops_per_element(int) noexcept { return 2.0; }
  template <class T> struct op {
    POLICYBENCH_HOST_DEVICE T operator()(T b, T c) const noexcept { return b + T(3) * c; }
  };
  template <class T>
  POLICYBENCH_HOST_DEVICE static constexpr T initial(int array, std::size_t i, std::size_t, int) noexcept {
    return array == 0 ? T(0) : static_cast<T>(i % 1024) / T(array);
  }
  template <class T>
  POLICYBENCH_HOST_DEVICE static T expected(std::size_t i, std::size_t n, std::uint64_t, int work) noexcept {
    return op<T>{}(initial<T>(1, i, n, work), initial<T>(2, i, n, work));
  }
  template <class T, class F> static decltype(auto) with_op(int, F&& f) { return f(op<T>{}); }
};

/// Uneven work: element i gets 1 + i x 8K / n dependent fused steps (its step count is the second input), in place,
/// so the last elements cost 8K + 1 steps and the first one: a static split hands the last thread most of the work,
/// work stealing and dynamic chunks even it out. Exact check: element i is its start + calls x its steps.
struct uneven_workload {
  static constexpr workload_id id = workload_id::uneven;
  static constexpr std::string_view name = "uneven";
  static constexpr int inputs = 2;
  static constexpr bool in_place = true, exact = true;
  template <class T> static constexpr bool supports = floating_only<T>;
  POLICYBENCH_HOST_DEVICE static constexpr std::size_t steps(std::size_t i, std::size_t n, int work) noexcept {
    return 1 + (n ? i * 8 * std::size_t(work) / n : 0);
  }
  /// The mean of 2 FLOPs per step over the array (about 2 + 8K).
  static constexpr double flops_per_element(int work) noexcept { return 2.0 * (1.0 + 4.0 * work); }
  /// steps x (x m + 1) with m a run-time 1, as the increment's chain: no compiler may fold it into x + steps.
  template <class T> struct op {
    T multiplier = T(1);
    POLICYBENCH_HOST_DEVICE T operator()(T x, T steps) const noexcept {
      for (int j = 0; j < int(steps); ++j)
        x = fused_step(x, multiplier);
      return x;
    }
  };
  template <class T>
  POLICYBENCH_HOST_DEVICE static constexpr T initial(int array, std::size_t i, std::size_t n, int work) noexcept {
    return array == 2 ? static_cast<T>(steps(i, n, work)) : static_cast<T>(i % 1024);
  }
  template <class T>
  POLICYBENCH_HOST_DEVICE static T expected(std::size_t i, std::size_t n, std::uint64_t calls, int work) noexcept {
    return initial<T>(0, i, n, work) + static_cast<T>(calls * steps(i, n, work));
  }
  template <class T, class F> static decltype(auto) with_op(int, F&& f) {
    return f(op<T>{.multiplier = static_cast<T>(runtime_one)});
  }
};

/// A degree-64 polynomial by Horner's rule, y = p(x) = the sum over k <= 64 of (-x/2)^k, out of place, one input: 129
/// FLOPs per 2 elements moved (the scaling, then a fused multiply-add per degree), 8 per byte in float64: at least 2x
/// past the ridge point of a host whose FMA GFLOP/s are under 4x its GB/s (README: Workloads), in vectors or not.
/// x in [0, 1), so p(x) in (2/3, 1]: no overflow, no cancellation, and each step's rounding shrinks by |x/2| per step
/// after it.
struct poly_workload {
  static constexpr workload_id id = workload_id::poly;
  static constexpr std::string_view name = "poly";
  static constexpr int inputs = 1;
  static constexpr bool in_place = false, exact = false;
  template <class T> static constexpr bool supports = floating_only<T>;
  static constexpr int degree = 64;
  static constexpr double flops_per_element(int) noexcept { return 1.0 + 2.0 * degree; }
  template <class T> struct op {
    POLICYBENCH_HOST_DEVICE T operator()(T x) const noexcept {
      const T u = x * T(-0.5); // every coefficient (-1/2)^k folded in, exactly: a power of two scales without rounding
      return horner(u, std::make_index_sequence<degree>{});
    }
    /// The steps written out by the fold, not a loop: around a loop of 64 steps the element loop is an outer loop,
    /// which g++ vectorizes only under the unseq policies (it has no run-time alias check for one), and the scalar
    /// rows' 64-deep chains then take several times as long per call, too long for a run's budget to give them
    /// intervals.
    template <std::size_t... step> POLICYBENCH_HOST_DEVICE static T horner(T u, std::index_sequence<step...>) noexcept {
      T y = T(1);
      ((y = y * u + T(1), void(step)), ...);
      return y;
    }
  };
  template <class T>
  POLICYBENCH_HOST_DEVICE static constexpr T initial(int array, std::size_t i, std::size_t, int) noexcept {
    return array == 0 ? T(0) : static_cast<T>(i % 1024) / T(1024);
  }
  template <class T>
  POLICYBENCH_HOST_DEVICE static T expected(std::size_t i, std::size_t n, std::uint64_t, int work) noexcept {
    return op<T>{}(initial<T>(1, i, n, work));
  }
  template <class T, class F> static decltype(auto) with_op(int, F&& f) { return f(op<T>{}); }
};

/// A user's op of one input as its run sees it, its rows measuring the op itself (policybench/user_op.hpp): out of
/// place, two arrays, STREAM scale's shape, so that its ceiling and the arrays STREAM's rule counts are its own (an op
/// of two inputs runs as the triad, its shape). No built-in row runs it: it supports no T, so adds no instantiation.
struct one_input_op {
  static constexpr workload_id id = workload_id::one_input_op;
  static constexpr std::string_view name = "user's op";
  static constexpr int inputs = 1;
  static constexpr bool in_place = false, exact = false;
  template <class T> static constexpr bool supports = false;
  static constexpr double flops_per_element(int) noexcept { return 0; } // the op's declaration, if any (user_op.hpp)
};

inline constexpr std::string_view workload_names[] = {increment_workload::name, triad_workload::name,
                                                      uneven_workload::name, poly_workload::name};

/// Calls f(W{}) with W the workload type of `w` (an empty tag: decltype names the declaration).
template <class F> constexpr decltype(auto) visit_workload(workload_id w, F&& f) {
  switch (w) {
  case workload_id::increment: return f(increment_workload{});
  case workload_id::triad: return f(triad_workload{});
  case workload_id::uneven: return f(uneven_workload{});
  case workload_id::poly: return f(poly_workload{});
  case workload_id::one_input_op: break;
  }
  return f(one_input_op{});
}

constexpr std::string_view to_string(workload_id w) noexcept {
  return visit_workload(w, [](auto workload) { return decltype(workload)::name; });
}

/// W's relative tolerance in epsilons of T: 100 (BabelStream's rule) unless W (or a user's op) declares
/// tolerance_epsilons.
template <class W> constexpr double tolerance_epsilons() {
  if constexpr (requires { W::tolerance_epsilons; }) return W::tolerance_epsilons;
  return 100.0;
}

/// Whether `actual` passes W's check against `expected`: equal for exact workloads and integer types, else within
/// W's tolerance, relative (the order of operations may differ between policies, and FMA contraction).
/// W's relative tolerance in T: a scalar constant, which device code may read (nvcc calls no constexpr host function).
template <class W, class T>
inline constexpr T relative_tolerance = T(tolerance_epsilons<W>()) * std::numeric_limits<T>::epsilon();

/// Host and device: the device rows check their output where it is (measure/device_measure.cuh).
template <class W, class T> POLICYBENCH_HOST_DEVICE constexpr bool close_enough(T actual, T expected) noexcept {
  if constexpr (W::exact || !std::is_floating_point_v<T>) {
    return actual == expected;
  } else { // without a branch (| and selects, not ||): first_wrong's check loop vectorizes only so
    const T diff = actual > expected ? actual - expected : expected - actual;
    const T scale = expected < 0 ? -expected : expected;
    return (actual == expected) | (diff <= relative_tolerance<W, T> * scale);
  }
}

/// Index of the first of the n output elements that fails W's check after `calls` calls of K = `work`; n when none.
/// Counted a block at a time without an exit, which g++ vectorizes (a bool or a break keeps the loop scalar): poly's
/// expected value is a 64-step chain, and checked one element at a time it took 0.41 s a row, 11x the row's own call.
template <class W, class T>
std::size_t first_wrong(const T* out, std::size_t n, std::uint64_t calls, int work) noexcept {
  const auto wrong = [&](std::size_t i) {
    return !close_enough<W>(out[i], W::template expected<T>(i, n, calls, work));
  };
  constexpr std::size_t block = 4096;
  for (std::size_t begin = 0; begin < n; begin += block) {
    const std::size_t end = std::min(n, begin + block);
    std::size_t count = 0;
    for (std::size_t i = begin; i < end; ++i)
      count += wrong(i);
    for (std::size_t i = begin; count > 0; ++i)
      if (wrong(i)) return i;
  }
  return n;
}

} // namespace policybench
