// How a registry entry is made: on the host, the policy's one call wrapped in the host measurement for every element
// type; on the device, a .cu file's measurement (host code: the .cu files never see the registry's types). And the
// two host rows that do not go through the one call: the user's own loop, and oneTBB written by hand (what std::par
// compiles down to in libstdc++, without the PSTL layer); both apply the same increment object.
#pragma once

#include "machine/device_info.hpp"
#include "measure/host_measure.hpp"
#include "policies/device_policies.hpp"
#include "policies/registry.hpp"
#include "policybench/increment.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

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

/// A host entry whose every call is apply(first, last, K) on T* for the run's element type and work, e.g.
/// [](auto first, auto last, int work) { increment_all(std::execution::par, first, last, work); }, on `threading`'s
/// threads (which then also place the array's pages: the parallel first touch).
template <class Apply>
policy_entry host_entry(std::string name, std::string backend, host_threading threading, Apply apply) {
  return host_stream(std::move(name), std::move(backend), [threading, apply](const run_config& cfg) mutable {
    return visit_element_type(cfg.type, [&]<class T>() { return measure_host<T>(cfg, threading, apply); });
  });
}

/// A device row: unavailable with the device's reason (a build without CUDA has no device, and its query_device
/// says why: machine/device_info_without_nvcc.cpp), or where there is no device code to run.
inline policy_entry device_entry(std::string name, std::string backend, measure_fn measure, const device_info& device) {
  std::optional<std::string> unavailable = device.unavailable;
  if (!measure && !unavailable) unavailable = "no device code in this build";
  return {.name = std::move(name),
          .device = side::device,
          .backend = std::move(backend),
          .unavailable = unavailable,
          .measure = unavailable ? nullptr : measure};
}

/// `for (...) a[i] = a[i] + 1` on one thread (K increments per element: with_increment's op): every speedup is
/// measured against it.
struct plain_loop {
  template <class T> void operator()(T* first, T* last, int work) const {
    with_increment<T>(work, [=](auto op) {
      for (T* it = first; it != last; ++it)
        *it = op(*it);
    });
  }
};

/// tbb::parallel_for over index ranges chosen by oneTBB's auto_partitioner.
struct tbb_parallel_loop {
  template <class T> void operator()(T* first, T* last, int work) const {
    const auto n = static_cast<std::size_t>(last - first);
    with_increment<T>(work, [=](auto op) {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), [first, op](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t i = r.begin(); i != r.end(); ++i)
          first[i] = op(first[i]);
      });
    });
  }
};

} // namespace policybench
