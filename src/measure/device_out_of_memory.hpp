// The one device error the harness treats apart from the others: device memory ran out. Plain C++, so the harness
// can catch it without CUDA headers; a std::bad_alloc, so code that handles host exhaustion handles this too.
#pragma once

#include <new>
#include <string>
#include <utility>

namespace policybench {

/// Thrown when cudaMalloc/cudaMallocHost fail for lack of memory, or when a run asks for more device memory than
/// cudaMemGetInfo reports free. what() names the call or both byte counts.
struct device_out_of_memory : std::bad_alloc {
  explicit device_out_of_memory(std::string text) : message(std::move(text)) {}
  const char* what() const noexcept override { return message.c_str(); }
  std::string message;
};

} // namespace policybench
