// How a device policy is measured: data initialized and validated on the device (no second copy), kernel time
// from CUDA events on the policy's stream, host-synchronous time around it, and the two end-to-end views.
#pragma once

#include "measure/cuda_check.cuh"
#include "measure/cuda_handles.cuh"
#include "measure/validation.hpp"
#include "measure/run_config.hpp"
#include "measure/timing.hpp"

#include <thrust/find.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/tabulate.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace policybench {

template <class T> struct initial_value {
  __host__ __device__ T operator()(std::ptrdiff_t i) const { return expected_value<T>(std::size_t(i), 0); }
};

template <class T> struct differs_from_expected {
  const T* data;
  std::uint64_t calls;
  __device__ bool operator()(std::size_t i) const { return data[i] != expected_value<T>(i, calls); }
};

/// Index of the first of n device elements that is not expected_value<T>(i, calls): a search on the device,
/// so a 10 GB array is validated without copying it back.
template <class T>
std::optional<std::size_t> first_device_mismatch(const T* d, std::size_t n, std::uint64_t calls, cudaStream_t s) {
  if (n == 0) return std::nullopt;
  const thrust::counting_iterator<std::size_t> first(0);
  const auto found = thrust::find_if(thrust::cuda::par.on(s), first, first + n, differs_from_expected<T>{d, calls});
  if (found == first + n) return std::nullopt;
  return std::size_t(*found);
}

/// Times `calls` of: H2D copy from `host`, apply, D2H copy back, stream synchronize. Host clock only: that is
/// what a caller holding a host array waits for. `host` ends with the result's `calls` increments.
template <class T, class Apply>
timed_calls time_end_to_end(const run_config& cfg, T* host, T* d, cudaStream_t s, Apply& apply) {
  const std::size_t bytes = cfg.size * sizeof(T);
  return time_calls(cfg, [&] {
    if (bytes > 0) POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(d, host, bytes, cudaMemcpyHostToDevice, s));
    apply(d, cfg.size, s);
    if (bytes > 0) POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(host, d, bytes, cudaMemcpyDeviceToHost, s));
    POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(s));
  });
}

inline void add_validation_error(measurement& m, std::string error) {
  m.validation_error = m.validation_error ? *m.validation_error + "; " + error : std::move(error);
}

/// Runs the workload for `cfg` on `stream`: apply(T* first, std::size_t n, cudaStream_t) launches one call.
/// One device allocation per run; the end-to-end views reuse it, each call overwriting it from the host.
template <class T, class Apply> measurement measure_on_device(const run_config& cfg, cudaStream_t stream, Apply apply) {
  const std::size_t n = cfg.size;
  const device_array<T> data(n);
  T* const d = data.data();
  if (n > 0) thrust::tabulate(thrust::cuda::par.on(stream), d, d + n, initial_value<T>{});

  measurement m;
  event_pair events;
  m.in_place = time_calls(cfg, [&] {
    events.record_start(stream);
    apply(d, n, stream);
    events.record_stop(stream);
    return events.elapsed_s();
  });
  if (const auto bad = first_device_mismatch(d, n, m.in_place.calls, stream)) {
    T value{};
    POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(&value, d + *bad, sizeof(T), cudaMemcpyDeviceToHost, stream));
    POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(stream));
    add_validation_error(m, describe_mismatch(*bad, value, m.in_place.calls));
  }

  const auto end_to_end = [&](T* host, const char* view) {
    fill_initial(host, n);
    auto times = time_end_to_end(cfg, host, d, stream, apply);
    if (const auto bad = first_mismatch(host, n, times.calls))
      add_validation_error(m, std::string(view) + ": " + describe_mismatch(*bad, host[*bad], times.calls));
    return times;
  };
  {
    std::vector<T> pageable(n);
    m.e2e_pageable = end_to_end(pageable.data(), "end-to-end from pageable memory");
  }
  const pinned_array<T> pinned(n);
  m.e2e_pinned = end_to_end(pinned.data(), "end-to-end from pinned memory");
  return m;
}

/// Where a device policy launches: a fresh non-blocking stream of its own, or the legacy default stream (where
/// thrust::device launches and synchronizes).
enum class stream_choice { own, legacy_default };

/// Measures apply(T* first, std::size_t n, cudaStream_t s) for the run's element type on the chosen stream.
template <class Apply> measurement measure_device(const run_config& cfg, stream_choice where, Apply apply) {
  return visit_element_type(cfg.type, [&]<class T>() {
    if (where == stream_choice::legacy_default) return measure_on_device<T>(cfg, cudaStreamLegacy, apply);
    const cuda_stream stream;
    return measure_on_device<T>(cfg, stream.get(), apply);
  });
}

} // namespace policybench
