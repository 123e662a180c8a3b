"""Stub numba and cupy modules for the GPU bundle's seed step (gpu_bundle_fakes.py's Python runs the real seed scripts
under them): numba 0.61 whose @jit(target_backend='cuda') fails at its first call, as on the anchor machine, and GPU
modules that work (on NumPy, CuPy without RawKernel: no stream hold), are missing, or are broken."""

import os

# numba 0.61 with numba-cuda as on the anchor machine: @jit(target_backend='cuda') fails at its first call.
NUMBA = '''
__version__ = "0.61.2"
class config:
    ENABLE_CUDASIM = 0
def get_num_threads():
    return 1
def jit(*args, **options):
    def decorate(f):
        def compiled(*a):
            raise KeyError(f"Unrecognized options: {set(options)}")
        return compiled
    return decorate
'''
# numba-cuda older than NumPy 2: its import fails.
NUMBA_CUDA_BROKEN = 'raise AttributeError("module \'numpy\' has no attribute \'row_stack\'")\n'
CUPY_MISSING = 'raise ImportError("No module named \'cupy\'")\n'
CUPY_NO_DEVICE = '''
__version__ = "13.4.0"
class cuda:
    class Device:
        id = 0
    class runtime:
        @staticmethod
        def getDeviceProperties(device):
            raise RuntimeError("cudaErrorNoDevice: no CUDA-capable device is detected")
'''
# A GPU machine's numba.cuda and CuPy, on NumPy: each launch runs the kernel over its grid in Python.
NUMBA_CUDA_WORKING = '''
import numpy as np
class _array(np.ndarray):
    def copy_to_host(self, out=None):
        return np.array(self) if out is None else np.copyto(out, self) or out
    def copy_to_device(self, host):
        np.copyto(self, host)
class event:
    def record(self): pass
    def synchronize(self): pass
    def elapsed_time(self, end): return 0.01
class _device:
    name = b"NVIDIA H200 (fake)"
_i = 0
def is_available(): return True
def get_current_device(): return _device()
def grid(ndim): return _i
def synchronize(): pass
def to_device(a): return np.array(a).view(_array)
def jit(kernel):
    class launcher:
        def __getitem__(self, config):
            def launch(*args):
                global _i
                for _i in range(config[0] * config[1]):
                    kernel(*args)
            return launch
    return launcher()
'''
CUPY_WORKING = '''
import numpy as np
__version__ = "13.4.0 (fake)"
class _array(np.ndarray):
    def get(self, out=None):
        return np.array(self) if out is None else np.copyto(out, self) or out
    def set(self, host):
        np.copyto(self, host)
def asarray(a): return np.array(a).view(_array)
add = np.add
class ElementwiseKernel:
    def __init__(self, *definition): pass
    def __call__(self, k, m, x):
        for _ in range(k):
            x[...] = x * m + 1
class cuda:
    class Device:
        id = 0
    class Event:
        def record(self): pass
        def synchronize(self): pass
    get_elapsed_time = staticmethod(lambda start, end: 0.01)
    class runtime:
        getDeviceProperties = staticmethod(lambda device: {"name": b"NVIDIA H200 (fake)"})
        deviceSynchronize = staticmethod(lambda: None)
'''


def write_modules(folder, mode, write):
    """The stub modules into `folder` (for PYTHONPATH), with write(path, text): mode "working", "missing" (no
    numba.cuda, no cupy) or "broken" (numba.cuda fails on import, CuPy finds no device)."""
    write(os.path.join(folder, "numba", "__init__.py"), NUMBA)
    cuda = {"working": NUMBA_CUDA_WORKING, "broken": NUMBA_CUDA_BROKEN}.get(mode)
    if cuda:
        write(os.path.join(folder, "numba", "cuda", "__init__.py"), cuda)
    write(os.path.join(folder, "cupy.py"), {"working": CUPY_WORKING, "broken": CUPY_NO_DEVICE}.get(mode, CUPY_MISSING))
