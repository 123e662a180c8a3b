// A user's own element-wise function object made a workload: its arity, element type and check read from the op
// itself, so that the op alone is all a user writes (cli/user_main.hpp runs it through every host policy).
#pragma once

#include "policybench/workloads.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>

namespace policybench {

/// What an op's one call operator takes: `arity` arguments of one type `element` (0: not a non-template
/// `R operator()(T) const` or `R operator()(T, T) const`).
template <class Call> struct call_signature {
  static constexpr int arity = 0;
  using element = void;
};
template <class Op, class R, class T, bool N> struct call_signature<R (Op::*)(T) const noexcept(N)> {
  static constexpr int arity = 1;
  using element = std::remove_cvref_t<T>;
};
template <class Op, class R, class T, class U, bool N> struct call_signature<R (Op::*)(T, U) const noexcept(N)> {
  static constexpr int arity = std::is_same_v<std::remove_cvref_t<T>, std::remove_cvref_t<U>> ? 2 : 0;
  using element = std::remove_cvref_t<T>;
};
template <class Op> constexpr auto signature_of() {
  if constexpr (requires { &Op::operator(); })
    return call_signature<decltype(&Op::operator())>{};
  else
    return call_signature<void>{};
}

/// The element types a run can have (measure/run_config.hpp's element_type).
template <class T>
inline constexpr bool is_element_type = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                                        std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>;

/// The op's optional declarations: `static constexpr bool exact = true` (equal results required, as for integer
/// types), `static constexpr double tolerance_epsilons` (the relative tolerance in epsilons of T instead of 100) and
/// `static constexpr double flops` (its FLOPs per element by the op's own count: its rows' flops_per_call and
/// gflop_per_s; none without it, as policybench cannot count an op's arithmetic).
template <class Op> constexpr bool declared_exact() {
  if constexpr (requires { Op::exact; }) return Op::exact;
  return false;
}
template <class Op> constexpr std::optional<double> declared_flops() {
  if constexpr (requires { Op::flops; }) return double(Op::flops);
  return std::nullopt;
}

/// Whether Op's result for `arity` arguments of T converts to T (true for arity 0, refused on its own).
template <class Op, class T, int arity> constexpr bool result_converts() {
  if constexpr (arity == 1) return std::is_convertible_v<std::invoke_result_t<const Op&, T>, T>;
  if constexpr (arity == 2) return std::is_convertible_v<std::invoke_result_t<const Op&, T, T>, T>;
  return true;
}

/// The workload of a user's op: out = Op{}(in) or Op{}(in, in2), out of place, on the one element type the op takes,
/// run in the shape of its arrays (one_input_op's, or the triad's).
/// Inputs start at 1 + i mod 1024 (the second at half that), so every value is exact; the check is the op applied to
/// them serially, the plain loop's result, within the op's tolerance (equal for integers and ops declared exact).
template <class Op> struct user_workload {
  using signature = decltype(signature_of<Op>());
  using element = typename signature::element;
  static_assert(signature::arity != 0, "policybench: the op needs one non-template call operator, const, taking one "
                                       "element or two of the same type: T operator()(T) const or (T, T) const");
  static_assert(is_element_type<element>, "policybench: the op's element type must be float, double, std::int32_t "
                                          "or std::int64_t");
  static_assert(std::is_trivially_copyable_v<Op> && std::is_default_constructible_v<Op>,
                "policybench: the op must be trivially copyable and default-constructible: every policy copies it "
                "to its threads (and a device's kernels), and the check builds its own");
  static_assert(result_converts<Op, element, signature::arity>(),
                "policybench: the op's result must convert to its element type");

  static constexpr int inputs = signature::arity;
  static constexpr bool in_place = false, exact = declared_exact<Op>();
  /// The expected values are the op applied on the host, the plain loop's result: a device row's output is copied
  /// back and checked there (measure/device_measure.cuh), never against the op as the device computes it.
  static constexpr bool checked_on_host = true;
  static constexpr double tolerance_epsilons = policybench::tolerance_epsilons<Op>();
  static constexpr std::optional<double> flops = declared_flops<Op>();
  static constexpr workload_id shape = inputs == 2 ? workload_id::triad : workload_id::one_input_op;
  template <class T> static constexpr bool supports = std::is_same_v<T, element>;
  template <class T>
  POLICYBENCH_HOST_DEVICE static constexpr T initial(int array, std::size_t i, std::size_t, int) noexcept {
    return array == 0 ? T(0) : static_cast<T>(1 + i % 1024) / T(array);
  }
  template <class T>
  POLICYBENCH_HOST_DEVICE static T expected(std::size_t i, std::size_t n, std::uint64_t, int work) noexcept {
    if constexpr (inputs == 2)
      return static_cast<T>(Op{}(initial<T>(1, i, n, work), initial<T>(2, i, n, work)));
    else
      return static_cast<T>(Op{}(initial<T>(1, i, n, work)));
  }
  template <class T, class F> static decltype(auto) with_op(int, F&& f) { return f(Op{}); }
};

} // namespace policybench
