// The device data's initial values and their check, both on the device: a 10 GB array is set up and validated
// without a copy through the host.
#pragma once

#include "measure/validation.hpp"

#include <thrust/find.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/system/cuda/execution_policy.h>

#include <cstddef>
#include <cstdint>
#include <optional>

namespace policybench {

template <class T> struct initial_value {
  __host__ __device__ T operator()(std::ptrdiff_t i) const { return expected_value<T>(std::size_t(i), 0); }
};

template <class T> struct differs_from_expected {
  const T* data;
  std::uint64_t increments;
  __device__ bool operator()(std::size_t i) const { return data[i] != expected_value<T>(i, increments); }
};

/// Index of the first of n device elements that is not expected_value<T>(i, increments), searched on stream s.
template <class T>
std::optional<std::size_t> first_device_mismatch(const T* d, std::size_t n, std::uint64_t increments, cudaStream_t s) {
  if (n == 0) return std::nullopt;
  const thrust::counting_iterator<std::size_t> first(0);
  const auto found = thrust::find_if(thrust::cuda::par.on(s), first, first + n,
                                     differs_from_expected<T>{.data = d, .increments = increments});
  if (found == first + n) return std::nullopt;
  return std::size_t(*found);
}

} // namespace policybench
