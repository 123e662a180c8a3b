// How a device policy is measured: the GPU woken by >= 100 ms of work, data initialized and validated on the
// device, host-synchronous and kernel time (device_timing.cuh), two end-to-end views within the row's timeout.
#pragma once

#include "measure/cuda_check.cuh"
#include "measure/cuda_handles.cuh"
#include "measure/device_timing.cuh"
#include "measure/device_validation.cuh"
#include "measure/gpu_warmup.cuh"
#include "measure/run_config.hpp"
#include "measure/timing.hpp"

#include <thrust/tabulate.h>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace policybench {

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

/// `cfg` for a view measured after `spent_s` of its row: --timeout covers the whole row, so the view gets its share
/// (1 / `views_left`) of what is left, and at least one timed call.
inline run_config view_config(run_config cfg, double spent_s, int views_left) {
  if (cfg.timeout_s > 0) cfg.timeout_s = std::max(1e-9, (cfg.timeout_s - spent_s) / views_left);
  return cfg;
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

/// Runs the workload for `cfg` on `stream`: apply(T* first, std::size_t n, cudaStream_t) enqueues one call of
/// cfg.work increments per element; validation expects start + calls x cfg.work.
/// One device allocation per run; the end-to-end views reuse it, each call overwriting it from the host.
template <class T, class Apply>
measurement measure_on_device(const run_config& cfg, cudaStream_t stream, stream_choice where, cub_tile_size tiles,
                              Apply apply) {
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
  m.clocks_before = current_gpu_clocks();
  if (where == stream_choice::legacy_default) {
    m.no_kernel_time = "it synchronizes inside the call: CUDA events around it would time a host round trip too";
    m.in_place = time_calls(cfg, [&] { apply(d, n, stream); });
  } else {
    device_timer timer(cfg);
    const auto work = [&](cudaStream_t s) { apply(d, n, s); };
    m.in_place = time_calls(cfg, [&] { return timed_device_call(timer, stream, work); });
    m.in_place.calls = timer.calls;
  }
  m.clocks_after = current_gpu_clocks();
  const auto per_call = std::uint64_t(cfg.work); // increments each call adds
  if (const auto bad = first_device_mismatch(d, n, m.in_place.calls * per_call, stream)) {
    T value{};
    POLICYBENCH_CUDA_CHECK(cudaMemcpyAsync(&value, d + *bad, sizeof(T), cudaMemcpyDeviceToHost, stream));
    POLICYBENCH_CUDA_CHECK(cudaStreamSynchronize(stream));
    add_validation_error(m, describe_mismatch(*bad, value, m.in_place.calls * per_call));
  }

  if (!cfg.end_to_end) return m;
  const auto end_to_end = [&](T* host, const char* view, int views_left) {
    fill_initial(host, n);
    auto times = time_end_to_end(view_config(cfg, elapsed_s(m), views_left), host, d, stream, apply);
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
  return visit_element_type(cfg.type, [&]<class T>() {
    if (where == stream_choice::legacy_default) return measure_on_device<T>(cfg, cudaStreamLegacy, where, tiles, apply);
    const cuda_stream stream = make_stream();
    return measure_on_device<T>(cfg, stream.get(), where, tiles, apply);
  });
}

} // namespace policybench
