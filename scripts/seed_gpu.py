"""The seed's GPU variants: the answer's @cuda.jit kernel with its grid, and CuPy's a += 1, timed on the device (CUDA
events) and through transfers from a NumPy array; without a GPU, Numba's or CuPy's own reason why not."""

import dataclasses
import math
from typing import Callable

from seed_variants import Unavailable, Variant, numba_module, one_line

THREADS_PER_BLOCK = 256  # the answer's grid: one element per thread, blocks rounded up


@dataclasses.dataclass
class gpu_api:
    """The few calls a GPU variant needs, so Numba CUDA and CuPy share one timing path."""
    to_device: Callable
    to_host: Callable  # (device_array, host_array or None) -> host array; synchronous
    event: Callable
    elapsed_ms: Callable


def device_variant(a, api: gpu_api, launch, backend):
    data = api.to_device(a)

    def step():
        start, end = api.event(), api.event()
        start.record()
        launch(data)
        end.record()
        end.synchronize()
        return api.elapsed_ms(start, end) / 1e3

    def round_trip(host):
        staged = api.to_device(host)
        launch(staged)
        api.to_host(staged, host)
    return Variant(step, lambda: api.to_host(data, None), backend, round_trip)


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


def numba_cuda(a):
    device = numba_cuda_device()
    numba = numba_module()
    global cuda
    from numba import cuda

    @cuda.jit
    def kernel(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] += 1
    blocks = max(1, math.ceil(a.size / THREADS_PER_BLOCK))  # a launch of 0 blocks is an error
    api = gpu_api(cuda.to_device, lambda d, out: d.copy_to_host(out), cuda.event,
                  lambda start, end: start.elapsed_time(end))
    return device_variant(a, api, lambda d: kernel[blocks, THREADS_PER_BLOCK](d),
                          lambda: f"Numba {numba.__version__} CUDA on {device}, "
                                  f"{blocks} blocks x {THREADS_PER_BLOCK} threads")


def cupy_add(a):
    try:
        import cupy as cp
    except ImportError as e:
        raise Unavailable(f"cupy is not installed ({one_line(e)})") from None
    try:
        name = cp.cuda.runtime.getDeviceProperties(cp.cuda.Device().id)["name"].decode()
    except Exception as e:
        raise Unavailable(f"CuPy finds no usable device: {one_line(e)}") from None
    api = gpu_api(cp.asarray, lambda d, out: d.get(out=out), cp.cuda.Event, cp.cuda.get_elapsed_time)
    return device_variant(a, api, lambda d: cp.add(d, 1, out=d),
                          lambda: f"CuPy {cp.__version__} elementwise kernel on {name}")
