"""Holding the GPU's stream while the seed's CUDA events and launch queue up behind it, as policybench's
device_measure.cuh: the kernel time then leaves out Python's dispatch."""

import ctypes

import numpy as np

from seed_variants import one_line

# One thread spins on a flag in mapped host memory until the host sets it, or 5 s of %globaltimer pass: the start
# event, the launch and the stop event queue up behind it, so Python's dispatch (10-30 us) is not in the kernel time.
HOLD_SOURCE = r"""
extern "C" __global__ void hold(const volatile int* released, volatile int* timed_out) {
  unsigned long long start, now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  while (*released == 0) {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    if (now - start > 5000000000ull) { *timed_out = 1; return; }
    __nanosleep(1000);
  }
}"""


class stream_hold:
    """Holds the legacy default stream (where both Numba and CuPy launch here) with a CuPy RawKernel."""

    def __init__(self):
        import cupy as cp
        self.kernel = cp.RawKernel(HOLD_SOURCE, "hold")
        self.pointer = cp.cuda.runtime.hostAlloc(8, cp.cuda.runtime.hostAllocMapped)
        self.flags = np.ctypeslib.as_array((ctypes.c_int32 * 2).from_address(self.pointer))

    def __del__(self):
        import cupy as cp
        cp.cuda.runtime.freeHost(self.pointer)

    def __enter__(self):
        self.flags[:] = 0
        self.kernel((1,), (1,), (self.pointer, self.pointer + 4))

    def __exit__(self, *exc):
        self.flags[0] = 1


def make_hold():
    """(a stream_hold, None), or (None, why not) when CuPy or its compiler cannot make one: the events then also time
    the launch's Python dispatch, and the row's backend says so."""
    try:
        return stream_hold(), None
    except Exception as e:  # no CuPy, no device for it, no NVRTC: each a reason to print
        return None, one_line(e)


def kernel_timing(why_not_held):
    """What a GPU row's backend adds about its kernel time."""
    if why_not_held is None:
        return "kernel time: CUDA events behind a stream hold"
    return f"kernel time: CUDA events WITHOUT a stream hold, Python's dispatch included (no hold: {why_not_held})"
