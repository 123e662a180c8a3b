// The hold kernel of device_timing.cuh's stream_hold: one thread polls a flag the host writes through mapped memory.
#include "measure/device_timing.cuh"

namespace policybench {

namespace {

// Spins until *released != 0, or until timeout_ns of %globaltimer have passed, then sets *timed_out = 1.
__global__ void spin_until_released(const volatile int* released, volatile int* timed_out,
                                    unsigned long long timeout_ns) {
  // %globaltimer: nanoseconds, the same on every SM, unaffected by the SM clock the GPU happens to run at.
  const auto now = [] {
    unsigned long long ns;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
    return ns;
  };
  const unsigned long long start = now();
  while (*released == 0) {
    if (now() - start > timeout_ns) {
      *timed_out = 1;
      return;
    }
    __nanosleep(1000); // polls every microsecond or so, leaving the memory system to the work behind it
  }
}

} // namespace

void stream_hold::hold(cudaStream_t stream) {
  flags_.get()[0] = flags_.get()[1] = 0;
  spin_until_released<<<1, 1, 0, stream>>>(flags_.get(), flags_.get() + 1,
                                           static_cast<unsigned long long>(stream_hold_timeout_s * 1e9));
  POLICYBENCH_CUDA_CHECK(cudaGetLastError());
}

} // namespace policybench
