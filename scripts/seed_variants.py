"""The seed's a[i] += 1 written the ways the question and its answer wrote it: a Python loop, the original
@jit(target_backend='cuda'), @njit, @njit(parallel=True), NumPy, @cuda.jit and CuPy. Each runs here or says why not."""

import dataclasses
import math
import platform
from typing import Callable, Optional

import numpy as np

THREADS_PER_BLOCK = 256  # the answer's grid: one element per thread, blocks rounded up


class Unavailable(Exception):
    """A variant that cannot run on this machine; str() is the one-line reason."""


@dataclasses.dataclass
class Variant:
    step: Callable[[], Optional[float]]  # one call, complete on return; returns kernel seconds (CUDA events) on a GPU
    fetch: Callable[[], np.ndarray]  # the data as a host array, for validation
    backend: Callable[[], str]  # what really ran: asked after the first call, when Numba has compiled
    round_trip: Optional[Callable[[np.ndarray], None]] = None  # host array -> device, one call, back (in place)


def one_line(error: BaseException) -> str:
    return " ".join(f"{type(error).__name__}: {error}".split())


def increment_all(a):
    """The question's function, as written: undecorated it is the pure Python loop; Numba decorates this same one."""
    for i in range(len(a)):
        a[i] += 1


def numba_module():
    try:
        import numba
    except ImportError as e:
        raise Unavailable(f"numba is not installed ({one_line(e)})") from None
    return numba


def python_loop(a):
    return Variant(lambda: increment_all(a), lambda: a,
                   lambda: f"CPython {platform.python_version()} interpreter (1 thread)")


def original_jit(a):
    numba = numba_module()
    try:
        compiled = numba.jit(target_backend="cuda")(increment_all)
    except Exception as e:  # a Numba that refuses the option says so here
        raise Unavailable(f"Numba {numba.__version__} refuses it: {one_line(e)}") from None

    def backend():
        kind = type(compiled).__name__
        mode = "nopython" if compiled.nopython_signatures else "object mode"
        where = "CPU (target_backend ignored)" if kind == "CPUDispatcher" else kind
        return f"Numba {numba.__version__} {where}, {mode}, 1 thread"
    return Variant(lambda: compiled(a), lambda: a, backend)


def njit(a):
    numba = numba_module()
    compiled = numba.njit(increment_all)
    return Variant(lambda: compiled(a), lambda: a, lambda: f"Numba {numba.__version__} CPU, nopython, 1 thread")


def njit_parallel(a):
    numba = numba_module()

    @numba.njit(parallel=True)
    def increment_all_prange(x):
        for i in numba.prange(len(x)):  # prange: iterations split over Numba's thread pool
            x[i] += 1
    # threading_layer() is known only once a parallel function has run.
    return Variant(lambda: increment_all_prange(a), lambda: a,
                   lambda: f"Numba {numba.__version__} CPU parallel, threading layer {numba.threading_layer()}, "
                           f"{numba.get_num_threads()} threads")


def numpy_add(a):
    return Variant(lambda: np.add(a, 1, out=a),  # what `a += 1` calls
                   lambda: a, lambda: f"NumPy {np.__version__} ufunc add in place (1 thread)")


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
                          lambda: f"Numba {numba.__version__} CUDA on {device}, {blocks} blocks x {THREADS_PER_BLOCK} threads")


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


# (policy as people write it, device, backend family for a row that did not run, variant); the report's row order.
VARIANTS = [
    ("python loop", "host", "CPython", python_loop),
    ("numba @jit(target_backend='cuda')", "host", "Numba", original_jit),
    ("numba @njit", "host", "Numba", njit),
    ("numba @njit(parallel=True)", "host", "Numba", njit_parallel),
    ("numpy a += 1", "host", "NumPy", numpy_add),
    ("numba @cuda.jit", "device", "Numba CUDA", numba_cuda),
    ("cupy a += 1", "device", "CuPy", cupy_add),
]
