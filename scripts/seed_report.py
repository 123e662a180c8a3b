"""The seed's report in policybench's JSON schema (README, "JSON schema"), so that scripts/compare_reports.py and
scripts/plot.py read it like a policybench report."""

import os
import platform
import statistics
import sys

import numpy as np

from seed_gpu import numba_cuda_device
from seed_variants import Unavailable, one_line

# policybench's result fields, in its order; a figure that does not apply is None (null).
RESULT_FIELDS = ["policy", "device", "backend", "status", "reason", "type", "size", "bytes_per_call", "warmup", "reps",
                 "cold_s", "min_s", "median_s", "mean_s", "stddev_s", "cv", "gb_per_s", "pct_of_ceiling",
                 "speedup_vs_loop", "kernel_median_s", "kernel_gb_per_s", "e2e_pageable_cold_s",
                 "e2e_pageable_median_s", "e2e_pinned_median_s", "e2e_over_kernel", "validated", "validation_error",
                 "work", "flops_per_call", "gflop_per_s", "flop_per_byte"]
NOISY_CV = 0.05  # policybench's threshold for "warm times vary"


def summarize(samples_s):
    """min, median, mean, sample standard deviation (n - 1) and coefficient of variation of durations in seconds."""
    mean = statistics.fmean(samples_s)
    stddev = statistics.stdev(samples_s) if len(samples_s) > 1 else 0.0
    return {"min_s": min(samples_s), "median_s": statistics.median(samples_s), "mean_s": mean, "stddev_s": stddev,
            "cv": stddev / mean if mean > 0 else 0.0}


def gb_per_s(bytes_per_call, seconds):
    """10^9 bytes per second, counting a read and a write of every element (STREAM); None without bytes or time."""
    return bytes_per_call / 1e9 / seconds if bytes_per_call > 0 and seconds else None


def result_row(**fields):
    return {name: fields.get(name) for name in RESULT_FIELDS}


def add_speedups(rows, loop_policy="python loop"):
    """speedup_vs_loop against this file's own loop, the Python one."""
    loop = next((r for r in rows if r["policy"] == loop_policy and r["validated"]), None)
    for r in rows:
        if loop and r["median_s"] and r["bytes_per_call"]:
            r["speedup_vs_loop"] = loop["median_s"] / r["median_s"]


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            return next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), "unknown")
    except OSError:
        return platform.processor() or "unknown"


def environment(config):
    try:
        gpu_name, gpu_reason = numba_cuda_device(), None
    except Unavailable as e:
        gpu_name, gpu_reason = None, str(e)
    except Exception as e:  # numba.cuda that fails on import (numba-cuda on a NumPy it predates): the reason
        gpu_name, gpu_reason = None, f"numba.cuda: {one_line(e)}"
    try:
        import numba
        numba_version, numba_threads = numba.__version__, numba.get_num_threads()
    except ImportError:
        numba_version, numba_threads = None, None
    return {
        "generator": "scripts/seed_compare.py",
        "config": config | {"threads_limit": None, "host_concurrency": numba_threads or 1},
        "host": {"cpu_model": cpu_model(), "logical_cores": os.cpu_count(), "python_version": platform.python_version(),
                 "python_executable": sys.executable, "numpy_version": np.__version__, "numba_version": numba_version,
                 "numba_num_threads": numba_threads},
        "device": {"available": gpu_name is not None, "unavailable_reason": gpu_reason, "name": gpu_name},
        "ceilings": {"host_in_place_median_s": None, "host_in_place_gb_per_s": None, "host_copy_median_s": None,
                     "host_copy_gb_per_s": None, "device_copy_median_s": None, "device_copy_gb_per_s": None,
                     "device_theoretical_peak_gb_per_s": None},
    }


def warnings(rows):
    out = []
    for r in rows:
        if r["validation_error"]:
            out.append(f"{r['policy']} FAILED VALIDATION: {r['validation_error']}")
        if r["status"] == "failed":
            out.append(f"{r['policy']} failed: {r['reason']}")
        if r["cv"] and r["cv"] > NOISY_CV and r["bytes_per_call"]:
            out.append(f"{r['policy']}: warm times vary (cv {100 * r['cv']:.1f}% > {100 * NOISY_CV:.1f}%); the median "
                       "is less certain, try more --reps on a quieter machine")
    return out
