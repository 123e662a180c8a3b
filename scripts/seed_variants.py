"""The seed's a[i] += 1 on the host as the question and its answer wrote it: a Python loop, the original
@jit(target_backend='cuda'), @njit, @njit(parallel=True) and NumPy; each runs here or says why not. With --work K > 1
each applies x = x * m + 1 K times (m a run-time 1, policybench's increment_chain); NumPy, which cannot fuse passes,
makes K passes of a += 1. Also the data: initial values and exact validation, as policybench's run_config.hpp."""

import dataclasses
import platform
from typing import Callable, Optional

import numpy as np

from seed_work import increment_chain, unit

CHUNK = 1 << 20  # elements per validation chunk: no second full-size array


class Unavailable(Exception):
    """A variant that cannot run on this machine; str() is the one-line reason."""


@dataclasses.dataclass
class Variant:
    step: Callable[[], Optional[float]]  # one call, complete on return; returns kernel seconds (CUDA events) on a GPU
    fetch: Callable[[], np.ndarray]  # the data as a host array, for validation
    backend: Callable[[], str]  # what really ran: asked after the first call, when Numba has compiled
    round_trip: Optional[Callable[[np.ndarray], None]] = None  # host array -> device, one call, back (in place)
    passes: int = 1  # passes over the array per call: NumPy's K unfused a += 1 passes move K times the bytes


def expected(lo, hi, dtype, increments):
    """Elements [lo, hi) after `increments` (calls x K): (i mod 1024) + increments; a wrong index shows."""
    return (np.arange(lo, hi) % 1024).astype(dtype) + dtype.type(increments)


def fill_initial(a):
    for lo in range(0, a.size, CHUNK):
        a[lo:lo + CHUNK] = expected(lo, min(lo + CHUNK, a.size), a.dtype, 0)


def first_mismatch(a, increments):
    """"element i is x, expected y" for the first wrong element, or None when all are exact."""
    for lo in range(0, a.size, CHUNK):
        hi = min(lo + CHUNK, a.size)
        wrong = np.flatnonzero(a[lo:hi] != expected(lo, hi, a.dtype, increments))
        if wrong.size:
            i = lo + int(wrong[0])
            return f"element {i} is {a[i]}, expected {expected(i, i + 1, a.dtype, increments)[0]}"
    return None


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


def python_loop(a, work=1):
    step = (lambda: increment_all(a)) if work == 1 else (lambda: increment_chain(a, work, unit(a)))
    return Variant(step, lambda: a, lambda: f"CPython {platform.python_version()} interpreter (1 thread)")


def original_jit(a, work=1):
    """What @jit(target_backend='cuda') is on this Numba: refused at decoration, refused when it compiles at its first
    call (KeyError: Unrecognized options, with numba-cuda 0.x and Numba 0.61), or accepted and run on the CPU."""
    numba = numba_module()
    if work != 1:
        raise Unavailable("K > 1: the original decorator's row is the question at K = 1; @njit carries the K loop")
    try:
        compiled = numba.jit(target_backend="cuda")(increment_all)
    except Exception as e:  # a Numba that refuses the option says so here
        raise Unavailable(f"Numba {numba.__version__} refuses target_backend='cuda' at decoration: "
                          f"{one_line(e)}") from None

    def first_call():
        try:
            compiled(a)
        except Exception as e:  # compilation happens here, and with it the option's check
            raise Unavailable(f"Numba {numba.__version__} accepts target_backend='cuda' at decoration but refuses "
                              f"it when it compiles at the first call: {one_line(e)}") from None
        step[0] = lambda: compiled(a)
    step = [first_call]

    def backend():
        kind = type(compiled).__name__
        mode = "nopython" if compiled.nopython_signatures else "object mode"
        where = "CPU (target_backend ignored)" if kind == "CPUDispatcher" else kind
        return f"Numba {numba.__version__} {where}, {mode}, 1 thread"
    return Variant(lambda: step[0](), lambda: a, backend)


def njit(a, work=1):
    numba = numba_module()
    compiled = numba.njit(increment_all if work == 1 else increment_chain)
    step = (lambda: compiled(a)) if work == 1 else (lambda: compiled(a, work, unit(a)))
    return Variant(step, lambda: a, lambda: f"Numba {numba.__version__} CPU, nopython, 1 thread")


def njit_parallel(a, work=1):
    numba = numba_module()

    @numba.njit(parallel=True)
    def increment_all_prange(x):
        for i in numba.prange(len(x)):  # prange: iterations split over Numba's thread pool
            x[i] += 1

    @numba.njit(parallel=True)
    def chain_prange(x, k, m):
        for i in numba.prange(len(x)):
            v = x[i]
            for _ in range(k):  # the K loop in the body: one dependent chain per element
                v = v * m + 1
            x[i] = v
    step = (lambda: increment_all_prange(a)) if work == 1 else (lambda: chain_prange(a, work, unit(a)))
    # threading_layer() is known only once a parallel function has run.
    return Variant(step, lambda: a,
                   lambda: f"Numba {numba.__version__} CPU parallel, threading layer {numba.threading_layer()}, "
                           f"{numba.get_num_threads()} threads")


def numpy_add(a, work=1):
    def step():
        for _ in range(work):  # K passes: NumPy cannot fuse them, so K times the memory traffic
            np.add(a, 1, out=a)  # what `a += 1` calls
    passes = f", {work} passes a call" if work > 1 else ""
    return Variant(step, lambda: a, lambda: f"NumPy {np.__version__} ufunc add in place{passes} (1 thread)",
                   passes=work)
