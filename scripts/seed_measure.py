"""One row of the seed: a variant's cold call, warm-up and timed calls, validation and (on a GPU) the same through
transfers, in policybench's row fields; a variant that cannot run is unavailable or failed with its reason."""

import time

import seed_report
import seed_work
from seed_variants import Unavailable, first_mismatch, fill_initial, one_line


def timed(call):
    start = time.perf_counter()
    kernel_s = call()
    return time.perf_counter() - start, kernel_s


def measure(policy, device, family, make, a, warmup, reps, config):
    """One variant's row: cold call, `warmup` untimed calls, `reps` timed calls, validation, then (on a GPU) the same
    from a host array through transfers. A variant that cannot be made or whose first call (compilation, module load)
    throws is 'unavailable' with the reason; one that throws after a first call that worked is 'failed'."""
    row = dict(policy=policy, device=device, backend=family, type=config["type"], size=config["size"],
               bytes_per_call=config["bytes_per_call"], warmup=warmup, reps=reps, work=config["work"])
    fill_initial(a)
    try:
        variant = make(a, config["work"])
        cold_s, _ = timed(variant.step)
    except Unavailable as e:
        return seed_report.result_row(**row, status="unavailable", reason=str(e), validated=False)
    except Exception as e:  # e.g. numba-cuda on a NumPy it predates, an option Numba rejects when it compiles
        return seed_report.result_row(**row, status="unavailable", reason=f"first call: {one_line(e)}",
                                      validated=False)
    try:
        row["backend"] = variant.backend()
        for _ in range(warmup):
            variant.step()
        warm = [timed(variant.step) for _ in range(reps)]
        host, calls = variant.fetch(), 1 + warmup + reps
        if variant.round_trip:
            e2e = [timed(lambda: variant.round_trip(host))[0] for _ in range(1 + reps)]
            calls += len(e2e)
    except Exception as e:  # a CUDA error after a first call that worked: reported, the other variants still run
        return seed_report.result_row(**row, status="failed", reason=one_line(e), validated=False)
    stats = seed_report.summarize([s for s, _ in warm])
    bytes_per_call = row["bytes_per_call"] = config["bytes_per_call"] * variant.passes
    row |= stats | dict(cold_s=cold_s, gb_per_s=seed_report.gb_per_s(bytes_per_call, stats["median_s"]))
    if variant.round_trip:
        kernel_s = seed_report.summarize([k for _, k in warm])["median_s"]
        e2e_s = seed_report.summarize(e2e[1:])["median_s"]
        row |= dict(kernel_median_s=kernel_s, kernel_gb_per_s=seed_report.gb_per_s(bytes_per_call, kernel_s),
                    e2e_pageable_cold_s=e2e[0], e2e_pageable_median_s=e2e_s,
                    e2e_over_kernel=e2e_s / kernel_s if kernel_s else None)
    row |= seed_work.roofline(config["work"], config["size"], bytes_per_call,
                                kernel_s if variant.round_trip else stats["median_s"], fused=variant.passes == 1)
    error = first_mismatch(host, calls * config["work"])
    return seed_report.result_row(**row, status="invalid" if error else "ok", validated=error is None,
                                  validation_error=error)
