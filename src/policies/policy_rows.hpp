// How a registry entry is made, and the host policies' rows in table order, written once as a template over the
// workloads they run: registry.cpp instantiates it for the built-in ones, cli/user_main.hpp for a user's op.
#pragma once

#include "machine/device_info.hpp"
#include "measure/host_measure.hpp"
#include "policies/registry.hpp"
#include "policybench/workload.hpp"

#include <thrust/system/cpp/execution_policy.h>
#include <thrust/system/omp/execution_policy.h>
#include <thrust/system/tbb/execution_policy.h>

#include <cstddef>
#include <execution>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace policybench {

/// A host row measured by `measure`; with `unavailable`, listed with that reason and never measured.
inline policy_entry host_stream(std::string name, std::string backend,
                                std::function<measurement(const run_config&)> measure,
                                std::optional<std::string> unavailable = std::nullopt) {
  if (unavailable) measure = nullptr;
  return {.name = std::move(name),
          .device = side::host,
          .backend = std::move(backend),
          .unavailable = std::move(unavailable),
          .measure = std::move(measure)};
}

/// A host entry whose every call is apply(W{}, operands<T>, K) for the workload Workloads visits (registry.hpp), on
/// `threading`'s threads (which first-touch too).
template <class Workloads = builtin_workloads, class Apply>
policy_entry host_entry(std::string name, std::string backend, host_threading threading, Apply apply) {
  return host_stream(std::move(name), std::move(backend), [threading, apply](const run_config& cfg) mutable {
    return Workloads::visit(
        cfg, [&](auto w, auto t) { return measure_workload<decltype(w), decltype(t)>(cfg, threading, apply); });
  });
}

/// A host row's apply: the one call, run_workload, under `policy`.
template <class Policy> struct one_call {
  Policy policy;
  template <class W, class T> void operator()(W, operands<T> a, int work) const { run_workload<W>(policy, a, work); }
};
/// Written out for clang before 17, which deduces no aggregate's template arguments (the fuzz preset builds with it).
template <class Policy> one_call(Policy) -> one_call<Policy>;

/// The plain loop on one thread: every speedup is measured against it.
using plain_loop = one_call<loop_policy>;

inline constexpr const char* no_openmp = "built without OpenMP (no OpenMP found by CMake)";

/// Every policy in table order (registry.hpp), the host ones measuring Workloads, `onedpl` after the C++ policies.
template <class Workloads>
std::vector<policy_entry> policy_rows(std::vector<policy_entry> onedpl, std::vector<policy_entry> device) {
  // A libstdc++ built without <tbb/tbb.h> runs par and par_unseq serially; the backend column says so.
  const std::string pstl = std::string("libstdc++ PSTL on ") + pstl_backend();
  // The threads each row's call runs on, which also first-touch its array.
  constexpr auto one_thread = host_threading::one_thread, onetbb = host_threading::tbb;
  constexpr auto pstl_threads = std::string_view(pstl_backend()) == "oneTBB" ? onetbb : one_thread;
  const auto host = [](std::string name, std::string backend, host_threading threading, auto apply) {
    return host_entry<Workloads>(std::move(name), std::move(backend), threading, apply);
  };
  std::vector<policy_entry> rows = {
      host(std::string(baseline_policy), "plain for loop (1 thread)", one_thread, plain_loop{}),
      host("std::seq", "libstdc++ (sequential)", one_thread, one_call{std::execution::seq}),
      host("std::unseq", "libstdc++ (vectorized, 1 thread)", one_thread, one_call{std::execution::unseq}),
      host("std::par", pstl, pstl_threads, one_call{std::execution::par}),
      host(std::string(challenger_policy), pstl, pstl_threads, one_call{std::execution::par_unseq}),
  };
  rows.insert(rows.end(), std::make_move_iterator(onedpl.begin()), std::make_move_iterator(onedpl.end()));
  rows.push_back(host("tbb::parallel_for", "oneTBB (auto_partitioner)", onetbb, one_call{tbb_loop_policy{}}));
  rows.push_back(host("thrust::cpp", "Thrust C++ system (sequential)", one_thread, one_call{thrust::cpp::par}));
  rows.push_back(host("thrust::tbb", "Thrust TBB system (oneTBB)", onetbb, one_call{thrust::tbb::par}));
#if defined(_OPENMP)
  rows.push_back(host("thrust::omp", "Thrust OpenMP system", host_threading::openmp, one_call{thrust::omp::par}));
#else
  // Without -fopenmp CCCL refuses to compile Thrust's OpenMP algorithms (a static_assert): listed, never built.
  rows.push_back(host_stream("thrust::omp", "Thrust OpenMP system (no OpenMP)", nullptr, no_openmp));
#endif
#if !POLICYBENCH_HAVE_CUDA
  // Thrust's portability lesson: the same call, and without nvcc its device system is oneTBB, on the host.
  rows.push_back(host("thrust::device", std::string("Thrust device system = ") + thrust_device_system() + " (no nvcc)",
                      onetbb, one_call{thrust::device}));
#endif
  rows.insert(rows.end(), std::make_move_iterator(device.begin()), std::make_move_iterator(device.end()));
  return rows;
}

} // namespace policybench
