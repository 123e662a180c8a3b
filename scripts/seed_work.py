"""The seed's work per element (--work K), as policybench counts and checks it: the K-step chain x = x * m + 1 (m a
run-time 1, so that no compiler folds it), the same loop as a CuPy elementwise kernel, FLOPs per call
(harness/rules.hpp's counting) and the exact range a run must stay in (measure/run_config.hpp)."""

import numpy as np

# CuPy's ElementwiseKernel(in_params, out_params, operation, name): the chain on each element of x, in place.
CUPY_CHAIN = ("int32 k, T m", "T x", "for (int j = 0; j < k; ++j) x = x * m + (T)1;", "policybench_increment_chain")


def increment_chain(a, work, m):
    """K = work increments as one chain per element, x = x * m + 1: Numba compiles this same function."""
    for i in range(len(a)):
        x = a[i]
        for _ in range(work):
            x = x * m + 1
        a[i] = x


def unit(a):
    """The multiplier 1 in the array's type, passed at run time: Numba compiles for types, never for values."""
    return a.dtype.type(1)


def roofline(work, size, bytes_per_call, seconds, fused=True):
    """FLOPs per call, GFLOP/s and FLOP/byte: 1 FLOP per element at K = 1 (the add), else 2 per fused step;
    unfused (NumPy's K passes), K adds over K passes' bytes."""
    flops = (1 if work == 1 else 2 * work if fused else work) * size
    return {"flops_per_call": flops, "gflop_per_s": flops / seconds / 1e9 if seconds else None,
            "flop_per_byte": flops / bytes_per_call if bytes_per_call else None}


def outside_exact_range(dtype, type_name, warmup, reps, work):
    """Why start + calls x K could pass the type's exact range (2^24, 2^53, the signed maximum), as one line, with a
    GPU row's two calls per timed call counted; None when every value stays exact."""
    limit = 2 ** (np.finfo(dtype).nmant + 1) if dtype.kind == "f" else int(np.iinfo(dtype).max)
    if 1023 + (1 + warmup + 2 * reps) * work <= limit:
        return None
    return (f"--work {work}: with {type_name} an element could pass {limit}, where the type stops being exact; "
            "lower --work or --reps, or use --type float64")
