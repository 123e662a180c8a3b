"""The seed's GPU variants: the answer's @cuda.jit kernel with its grid, and CuPy's a += 1, timed on the device (CUDA
events on a held stream, as policybench's device_measure.cuh, after an unheld first call) and through transfers from a
NumPy array into one device array allocated once; without a GPU, Numba's or CuPy's own reason why not. With K > 1
both run the K loop in the kernel: x = x * m + 1, m a run-time 1 (an elementwise kernel for CuPy)."""

import contextlib
import dataclasses
import math
from typing import Callable

from seed_stream_hold import kernel_timing, make_hold
from seed_variants import Unavailable, Variant, numba_module, one_line
from seed_work import CUPY_CHAIN, unit

THREADS_PER_BLOCK = 256  # the answer's grid: one element per thread, blocks rounded up


@dataclasses.dataclass
class gpu_api:
    """The few calls a GPU variant needs, so Numba CUDA and CuPy share one timing path."""
    to_device: Callable
    to_host: Callable  # (device_array, host_array or None) -> host array; synchronous
    copy_to_device: Callable  # (host_array, device_array) -> None, into the existing allocation
    event: Callable
    elapsed_ms: Callable
    synchronize: Callable


def device_variant(a, api: gpu_api, launch, backend):
    data = api.to_device(a)
    staged = api.to_device(a)  # the end-to-end view's device array, allocated once as policybench's
    hold, why_not_held = make_hold()
    first = [True]

    def step():
        if first:  # compiles and loads the module, which synchronizes the context: never behind a hold (nvbench #240)
            first.pop()
            launch(data)
            return api.synchronize()
        start, end = api.event(), api.event()
        with hold or contextlib.nullcontext():
            start.record()
            launch(data)
            end.record()
        end.synchronize()
        if hold and hold.flags[1]:
            raise RuntimeError("the stream hold timed out: the held work waited on its own stream")
        return api.elapsed_ms(start, end) / 1e3

    def round_trip(host):
        api.copy_to_device(host, staged)
        launch(staged)
        api.to_host(staged, host)
    return Variant(step, lambda: api.to_host(data, None), lambda: f"{backend()}; {kernel_timing(why_not_held)}",
                   round_trip)


def numba_cuda_device():
    """The GPU Numba would run on, by name; raises Unavailable with Numba's reason when there is none."""
    numba = numba_module()
    from numba import cuda
    if not cuda.is_available():
        try:
            cuda.current_context()  # raises with the driver's own words
            reason = "no CUDA device"
        except Exception as e:
            reason = one_line(e)
        raise Unavailable(f"numba.cuda.is_available() is False: {reason}")
    if numba.config.ENABLE_CUDASIM:
        return "CUDA simulator (NUMBA_ENABLE_CUDASIM=1: Python on the CPU)"
    name = cuda.get_current_device().name
    return name.decode() if isinstance(name, bytes) else name


cuda = None  # numba.cuda once a GPU variant is made: a kernel must see it as a global (the simulator swaps it there)


def numba_cuda(a, work=1):
    device = numba_cuda_device()
    numba = numba_module()
    global cuda
    from numba import cuda

    @cuda.jit
    def increment_kernel(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] += 1

    @cuda.jit
    def chain_kernel(x, k, m):
        i = cuda.grid(1)
        if i < x.size:
            v = x[i]
            for _ in range(k):
                v = v * m + 1
            x[i] = v
    blocks = max(1, math.ceil(a.size / THREADS_PER_BLOCK))  # a launch of 0 blocks is an error
    api = gpu_api(cuda.to_device, lambda d, out: d.copy_to_host(out), lambda h, d: d.copy_to_device(h), cuda.event,
                  lambda start, end: start.elapsed_time(end), cuda.synchronize)
    grid, m = (blocks, THREADS_PER_BLOCK), unit(a)
    launch = (lambda d: increment_kernel[grid](d)) if work == 1 else (lambda d: chain_kernel[grid](d, work, m))
    return device_variant(a, api, launch,
                          lambda: f"Numba {numba.__version__} CUDA on {device}, "
                                  f"{blocks} blocks x {THREADS_PER_BLOCK} threads")


def cupy_add(a, work=1):
    try:
        import cupy as cp
    except ImportError as e:
        raise Unavailable(f"cupy is not installed ({one_line(e)})") from None
    try:
        name = cp.cuda.runtime.getDeviceProperties(cp.cuda.Device().id)["name"].decode()
    except Exception as e:
        raise Unavailable(f"CuPy finds no usable device: {one_line(e)}") from None
    api = gpu_api(cp.asarray, lambda d, out: d.get(out=out), lambda h, d: d.set(h), cp.cuda.Event,
                  cp.cuda.get_elapsed_time, cp.cuda.runtime.deviceSynchronize)
    chain = cp.ElementwiseKernel(*CUPY_CHAIN)
    launch = (lambda d: cp.add(d, 1, out=d)) if work == 1 else (lambda d: chain(work, unit(a), d))
    return device_variant(a, api, launch, lambda: f"CuPy {cp.__version__} elementwise kernel on {name}")
