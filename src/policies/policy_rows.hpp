// The host policies' rows in table order, written once as a template over the workloads they run: registry.cpp
// instantiates it for the built-in workloads, a user's translation unit for its own op (cli/user_main.hpp).
#pragma once

#include "policies/entry.hpp"
#include "policies/registry.hpp"
#include "policybench/workload.hpp"

#include <thrust/system/cpp/execution_policy.h>
#include <thrust/system/omp/execution_policy.h>
#include <thrust/system/tbb/execution_policy.h>

#include <execution>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace policybench {

inline constexpr const char* no_openmp = "built without OpenMP (no OpenMP found by CMake)";

// Without -fopenmp CCCL refuses to compile Thrust's OpenMP algorithms (a static_assert): listed, never built.
template <class Workloads, class Apply> policy_entry openmp_entry(std::string name, std::string backend, Apply apply) {
#if defined(_OPENMP)
  return host_entry<Workloads>(std::move(name), std::move(backend), host_threading::openmp, apply);
#else
  (void)apply;
  return host_stream(std::move(name), std::move(backend) + " (no OpenMP)", nullptr, no_openmp);
#endif
}

/// Every policy in table order (registry.hpp), the host ones measuring Workloads (entry.hpp), with `onedpl` after
/// the C++ policies and `device` last.
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
  rows.push_back(openmp_entry<Workloads>("thrust::omp", "Thrust OpenMP system", one_call{thrust::omp::par}));
#if !POLICYBENCH_HAVE_CUDA
  // Thrust's portability lesson: the same call, and without nvcc its device system is oneTBB, on the host.
  rows.push_back(host("thrust::device", std::string("Thrust device system = ") + thrust_device_system() + " (no nvcc)",
                      onetbb, one_call{thrust::device}));
#endif
  rows.insert(rows.end(), std::make_move_iterator(device.begin()), std::make_move_iterator(device.end()));
  return rows;
}

} // namespace policybench
