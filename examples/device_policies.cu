// The one call on the GPU, policybench::increment_all, under thrust::device and thrust::cuda::par_nosync.on(stream):
// timed, validated, printed. Without a usable device it prints "skipped: reason" and exits 77 (CTest's skip code).
#include "policybench/workload.hpp"

#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/system/cuda/execution_policy.h>

#include <cuda_runtime.h>

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

namespace {

constexpr std::size_t n = 10'000'000;
constexpr int reps = 10;

void check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  std::fprintf(stderr, "device_policies: %s: %s\n", what, cudaGetErrorString(status));
  std::exit(1);
}

// Sets every element to 0, makes one untimed call (module load, clocks ramping), then times `calls` (which makes
// `reps` calls and returns once they are done); prints ms per call and GB/s, and whether every element is 1 + reps.
template <class Calls> bool run(const char* name, thrust::device_vector<double>& a, Calls calls) {
  thrust::fill(a.begin(), a.end(), 0.0);
  calls(1);
  const auto t0 = std::chrono::steady_clock::now();
  calls(reps);
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - t0;

  const double seconds = elapsed.count() / reps;
  const double bytes = 2.0 * sizeof(double) * double(n); // one read and one write per element (STREAM)
  const bool valid = thrust::count(a.begin(), a.end(), 1.0 + reps) == std::ptrdiff_t(n);
  std::printf("%-36s %8.3f ms %7.1f GB/s  %s\n", name, seconds * 1e3, bytes / seconds / 1e9,
              valid ? "validated" : "WRONG");
  return valid;
}

} // namespace

int main() {
  int devices = 0;
  if (const cudaError_t status = cudaGetDeviceCount(&devices); status != cudaSuccess || devices == 0) {
    // Without libcuda at all the runtime says "driver version is insufficient", which reads as "upgrade it".
    int driver = 0;
    (void)cudaDriverGetVersion(&driver);
    const char* why = status == cudaSuccess                                  ? "no CUDA device"
                      : status == cudaErrorInsufficientDriver && driver == 0 ? "no CUDA driver (libcuda.so.1 not found)"
                                                                             : cudaGetErrorString(status);
    std::printf("skipped: %s\n", why);
    return 77;
  }
  thrust::device_vector<double> a(n);
  double* first = thrust::raw_pointer_cast(a.data());
  std::printf("%zu x float64 in place on the device, %d timed calls per policy\n", n, reps);

  // thrust::device: each call returns when its kernel is done (Thrust synchronizes the stream).
  bool ok = run("thrust::device", a, [&](int k) {
    for (int r = 0; r < k; ++r)
      policybench::increment_all(thrust::device, first, first + n); // a[i] <- a[i] + 1
  });

  // par_nosync.on(stream): the calls return after their launch; the caller synchronizes before it reads a.
  cudaStream_t stream;
  check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  ok &= run("thrust::cuda::par_nosync.on(stream)", a, [&](int k) {
    for (int r = 0; r < k; ++r)
      policybench::increment_all(thrust::cuda::par_nosync.on(stream), first, first + n);
    check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  });
  check(cudaStreamDestroy(stream), "cudaStreamDestroy");
  return ok ? 0 : 1;
}
