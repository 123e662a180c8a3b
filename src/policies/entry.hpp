// How a registry entry is made: on the host, the policy's one call (run_workload) wrapped in the host measurement for
// every built-in workload and element type, or for one user's op; on the device, a .cu file's measurement (host code:
// the .cu files never see the registry's types).
#pragma once

#include "machine/device_info.hpp"
#include "measure/host_measure.hpp"
#include "policies/device_policies.hpp"
#include "policies/registry.hpp"
#include "policybench/workload.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>

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

/// The workloads a host entry measures: the built-in ones, the run's cfg.workload on its cfg.type.
struct builtin_workloads {
  template <class Apply> static measurement measure(const run_config& cfg, host_threading threading, Apply& apply) {
    return visit_workload_and_type(cfg.workload, cfg.type, [&](auto w, auto t) {
      return measure_workload<decltype(w), decltype(t)>(cfg, threading, apply);
    });
  }
};

/// One workload W on the one element type it takes, whatever the run's, with the FLOPs it declares (a user's op:
/// policybench/user_op.hpp).
template <class W> struct one_workload {
  template <class Apply> static measurement measure(const run_config& cfg, host_threading threading, Apply& apply) {
    measurement m = measure_workload<W, typename W::element>(cfg, threading, apply);
    if (W::flops) m.flops_per_call = *W::flops * double(cfg.size);
    return m;
  }
};

/// A host entry whose every call is apply(W{}, operands<T>, K) for Workloads' W and T and the run's work K,
/// e.g. one_call{std::execution::par}, on `threading`'s threads (which then also place the arrays' pages: the
/// parallel first touch).
template <class Workloads = builtin_workloads, class Apply>
policy_entry host_entry(std::string name, std::string backend, host_threading threading, Apply apply) {
  return host_stream(std::move(name), std::move(backend), [threading, apply](const run_config& cfg) mutable {
    return Workloads::measure(cfg, threading, apply);
  });
}

/// A host row's apply: the one call, run_workload, under `policy`.
template <class Policy> struct one_call {
  Policy policy;
  template <class W, class T> void operator()(W, operands<T> a, int work) const { run_workload<W>(policy, a, work); }
};
/// Written out for clang before 17, which deduces no aggregate's template arguments (the fuzz preset builds with it).
template <class Policy> one_call(Policy) -> one_call<Policy>;

/// `for (...) a[i] = a[i] + 1` on one thread (or the run's workload): every speedup is measured against it.
using plain_loop = one_call<loop_policy>;

/// A device row: unavailable with the device's reason (a build without CUDA has no device, and its query_device
/// says why: machine/device_info_without_nvcc.cpp), or where there is no device code to run.
inline policy_entry device_entry(std::string name, std::string backend, measure_fn measure, const device_info& device) {
  std::optional<std::string> unavailable = device.unavailable;
  if (!measure && !unavailable) unavailable = "no device code in this build";
  return {.name = std::move(name),
          .device = side::device,
          .backend = std::move(backend),
          .unavailable = unavailable,
          .measure = unavailable ? nullptr : measure,
          .only_workload = workload_id::increment};
}

} // namespace policybench
