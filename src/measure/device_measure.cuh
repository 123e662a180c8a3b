// How a device policy is measured: the GPU woken by >= 100 ms of work, data initialized and validated on the
// device (a 10 GB array never goes through the host), host-synchronous and kernel time (device_timing.cuh), two
// end-to-end views within the row's timeout.
#pragma once

#include "measure/device_timing.cuh"
#include "measure/run_config.hpp"
#include "measure/timing.hpp"
#include "measure/validation.hpp"

#include <thrust/find.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/tabulate.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace policybench {

template <class T> struct initial_value {
  __host__ __device__ T operator()(std::ptrdiff_t i) const { return expected_value<T>(std::size_t(i), 0); }
};

/// describe_mismatch of the first of n device elements that is not expected_value<T>(i, increments), searched on
/// stream s; std::nullopt when all are.
template <class T>
std::optional<std::string> device_mismatch(const T* d, std::size_t n, std::uint64_t increments, cudaStream_t s) {
  if (n == 0) return std::nullopt;
  const thrust::counting_iterator<std::size_t> first(0);
  const auto found = thrust::find_if(thrust::cuda::par.on(s), first, first + n, [=] __device__(std::size_t i) {
    return d[i] != expected_value<T>(i, increments);
  });
  if (found == first + n) return std::nullopt;
  T value{};
  POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(&value, d + *found, sizeof(T), cudaMemcpyDeviceToHost, s));
  POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(s));
  return describe_mismatch(std::size_t(*found), value, increments);
}

/// Elements the first cub::DeviceTransform call per element type and call site is given. CCCL 3.0.1's
/// dispatch_transform.cuh caches the bulk-copy kernel's items per thread in a function-local static at the first
/// call, sized for that call's count: a sweep starting at 1000 elements would run every later size at the minimum
/// (fixed upstream in NVIDIA/cccl PR #5112). Above any tile (1024 threads x 32 items) the cached value is the one
/// a large call gets.
inline constexpr std::size_t tile_size_priming_count = std::size_t(1) << 20;
static_assert(tile_size_priming_count > 1024 * 32);

/// Calls apply(scratch, tile_size_priming_count, s) once per process for each T and Apply, on a zeroed scratch
/// buffer, so that CUB's cached tile size is a large call's (see tile_size_priming_count).
template <class T, class Apply> void prime_cub_tile_size(Apply& apply, cudaStream_t s) {
  static bool primed = false; // host code of one measurement at a time: no two threads get here at once
  if (primed) return;
  const device_array<T> scratch = allocate_device<T>(tile_size_priming_count);
  POLICYBENCH_CUDA_CHECK(cudaMemsetAsync(scratch.get(), 0, tile_size_priming_count * sizeof(T), s));
  apply(scratch.get(), tile_size_priming_count, s);
  POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(s));
  primed = true;
}

inline void add_validation_error(measurement& m, std::string error) {
  m.validation_error = m.validation_error ? *m.validation_error + "; " + error : std::move(error);
}

/// Where and how a device policy is timed: on a fresh non-blocking stream of its own, held for kernel time; or
/// on the legacy default stream, host-synchronous time only (thrust::device synchronizes inside the call, which
/// would deadlock a held stream and puts a host round trip between any two events around it).
enum class stream_choice { own, legacy_default };

/// Whether apply reaches CUB's bulk-copy transform, whose first call per type must be a large one (see
/// prime_cub_tile_size).
enum class cub_tile_size { not_cached, cached_at_first_call };

/// Runs the workload for `cfg` on the chosen stream: apply(T* first, std::size_t n, cudaStream_t) enqueues one call
/// of cfg.work increments per element; validation expects start + calls x cfg.work.
/// One device allocation per run; the end-to-end views reuse it, each call overwriting it from the host.
template <class T, class Apply>
measurement measure_on_device(const run_config& cfg, stream_choice where, cub_tile_size tiles, Apply apply) {
  const cuda_stream own = where == stream_choice::own ? make_stream() : cuda_stream();
  const cudaStream_t stream = where == stream_choice::own ? own.get() : cudaStreamLegacy;
  const std::size_t n = cfg.size;
  const device_array<T> data = allocate_device<T>(n);
  T* const d = data.get();
  // A first call of the run's own size caches a large call's tile size by itself: then no scratch call comes first,
  // and the cold call means what it means on every other row (the policy's first).
  if (tiles == cub_tile_size::cached_at_first_call && n < tile_size_priming_count)
    prime_cub_tile_size<T>(apply, stream);
  wake_gpu(d, n * sizeof(T), stream, cfg.device_warmup_s);
  if (n > 0) thrust::tabulate(thrust::cuda::par.on(stream), d, d + n, initial_value<T>{});

  measurement m;
  if (where == stream_choice::own) {
    m = time_device_work(cfg, stream, [&](cudaStream_t s) { apply(d, n, s); });
  } else {
    m.no_kernel_time = "it synchronizes inside the call: CUDA events around it would time a host round trip too";
    m.clocks_before = current_gpu_clocks();
    m.in_place = time_calls(cfg, [&] { apply(d, n, stream); });
    m.clocks_after = current_gpu_clocks();
  }
  const auto per_call = std::uint64_t(cfg.work); // increments each call adds
  if (auto bad = device_mismatch(d, n, m.in_place.calls * per_call, stream)) add_validation_error(m, std::move(*bad));

  if (!cfg.end_to_end) return m;
  // H2D copy from `host`, apply, D2H copy back, synchronize, timed on the host clock only: what a caller holding a
  // host array waits for. The row's --timeout covers every view: this one gets its share of what is left.
  const auto end_to_end = [&](T* host, const char* view, int views_left) {
    fill_initial(host, n);
    run_config view_cfg = cfg;
    if (cfg.stop.limit_s > 0) view_cfg.stop.limit_s = std::max(1e-9, (cfg.stop.limit_s - elapsed_s(m)) / views_left);
    auto times = time_calls(view_cfg, [&] {
      if (n > 0) POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(d, host, n * sizeof(T), cudaMemcpyHostToDevice, stream));
      apply(d, n, stream);
      if (n > 0) POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(host, d, n * sizeof(T), cudaMemcpyDeviceToHost, stream));
      POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(stream));
    });
    if (const auto bad = first_mismatch(host, n, times.calls * per_call))
      add_validation_error(m, std::string(view) + ": " + describe_mismatch(*bad, host[*bad], times.calls * per_call));
    return times;
  };
  {
    std::vector<T> pageable(n);
    m.e2e_pageable = end_to_end(pageable.data(), "end-to-end from pageable memory", 2);
  }
  const pinned_array<T> pinned = allocate_pinned<T>(n);
  m.e2e_pinned = end_to_end(pinned.get(), "end-to-end from pinned memory", 1);
  return m;
}

/// Measures apply(T* first, std::size_t n, cudaStream_t s) for the run's element type on the chosen stream.
template <class Apply>
measurement measure_device(const run_config& cfg, stream_choice where, Apply apply,
                           cub_tile_size tiles = cub_tile_size::not_cached) {
  return visit_element_type(cfg.type, [&]<class T>() { return measure_on_device<T>(cfg, where, tiles, apply); });
}

} // namespace policybench
