// One error path for every CUDA runtime call and kernel launch: throw with the call text, the error and where
// (nvbench style), so a failure in a sweep names the exact call instead of a bare error code.
#pragma once

#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace policybench::detail {

/// "cudaMalloc(&p, bytes): cudaErrorMemoryAllocation: out of memory (src/gpu/device_buffer.cuh:31)"
[[noreturn]] inline void throw_cuda_error(cudaError_t status, const char* call, std::string_view file, int line) {
  // __FILE__ is absolute under CMake; from "src/" on is what a reader can open.
  if (const auto src = file.rfind("/src/"); src != std::string_view::npos) file.remove_prefix(src + 1);
  throw std::runtime_error(std::string(call) + ": " + cudaGetErrorName(status) + ": " + cudaGetErrorString(status) +
                           " (" + std::string(file) + ":" + std::to_string(line) + ")");
}

} // namespace policybench::detail

/// Throws std::runtime_error when `expr` (a cudaError_t) is not cudaSuccess. After a kernel launch, check
/// cudaGetLastError(): a launch returns nothing, a bad configuration shows only there.
#define POLICYBENCH_CUDA_CHECK(expr)                                                                                   \
  do {                                                                                                                 \
    const cudaError_t policybench_cuda_status_ = (expr);                                                               \
    if (policybench_cuda_status_ != cudaSuccess)                                                                       \
      ::policybench::detail::throw_cuda_error(policybench_cuda_status_, #expr, __FILE__, __LINE__);                    \
  } while (false)
