// One error path for every CUDA runtime call and kernel launch: throw with the call text, the error and where
// (nvbench style), so a failure in a sweep names the exact call instead of a bare error code.
#pragma once

#include "measure/device_out_of_memory.hpp"

#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace policybench::detail {

/// "cudaMalloc(&p, bytes): cudaErrorMemoryAllocation: out of memory (src/measure/cuda_handles.cuh:31)".
/// Clears the thread's last error first (cudaGetLastError), so that a non-sticky error reported here is not
/// reported again by the next cudaGetLastError(), i.e. as the next policy's failure. Sticky errors (a kernel
/// fault) stay: the context is unusable and every later call fails with them, as it should.
[[noreturn]] inline void throw_cuda_error(cudaError_t status, const char* call, std::string_view file, int line) {
  (void)cudaGetLastError();
  // __FILE__ is absolute under CMake; from "src/" on is what a reader can open.
  if (const auto src = file.rfind("/src/"); src != std::string_view::npos) file.remove_prefix(src + 1);
  std::string message = std::string(call) + ": " + cudaGetErrorName(status) + ": " + cudaGetErrorString(status) + " (" +
                        std::string(file) + ":" + std::to_string(line) + ")";
  if (status == cudaErrorMemoryAllocation) throw device_out_of_memory(std::move(message));
  throw std::runtime_error(std::move(message));
}

} // namespace policybench::detail

/// Throws device_out_of_memory (a std::bad_alloc) for cudaErrorMemoryAllocation, std::runtime_error for any other
/// status but cudaSuccess, after clearing the error. After a kernel launch, check cudaGetLastError(): a launch
/// returns nothing, a bad configuration shows only there.
#define POLICYBENCH_CUDA_CHECK(expr)                                                                                   \
  do {                                                                                                                 \
    const cudaError_t policybench_cuda_status_ = (expr);                                                               \
    if (policybench_cuda_status_ != cudaSuccess)                                                                       \
      ::policybench::detail::throw_cuda_error(policybench_cuda_status_, #expr, __FILE__, __LINE__);                    \
  } while (false)
